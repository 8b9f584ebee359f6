/** GET /api/auctions/ended: the Recent winners page's list, public (docs/product.md, Recent winners). */
import { fineOzOf } from "#shared/metal-content";
import { centsToDecimal } from "#shared/money";
import type { EndedAuction } from "#shared/schemas/auctions";
import type { Page, PageRequest } from "#shared/schemas/pages";
import { type AuctionRecord, listWonAuctionsByEndPage } from "../../adapters/dynamo/auctions-repo.ts";
import { wonAt } from "../../domain/orders.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";
import { meltValueField } from "../views/melt-value.ts";
import { economicsField, winnerAllInOf } from "./auction-economics.ts";

/**
 * One page of won auctions, newest ended first (the index of wins by end, one BatchGet), each with the
 * winner's all-in cost as the end fixed it on the auction: the same sum the winner sees on their wins
 * and order, so the saving shown is never more than they really made.
 */
export async function listRecentWinners(page: PageRequest, now: number): Promise<Page<EndedAuction>> {
  const [won, spot] = await Promise.all([listWonAuctionsByEndPage(page), freshSpotPrices(now)]);
  const items = won.items
    .filter((auction): auction is AuctionRecord & { winnerId: string } => Boolean(auction.winnerId))
    .map((auction): EndedAuction => {
      const { me, allInCostCents } = winnerAllInOf(auction);
      return {
        id: auction.id,
        product: {
          id: auction.product.id,
          name: auction.product.name,
          imageUrl: auction.product.imageUrl,
          metalType: auction.product.metalType,
          fineOz: fineOzOf(auction.product),
        },
        finalPrice: centsToDecimal(auction.priceCents),
        totalBids: auction.totalBids,
        retailPrice: auction.retailPriceCents ? centsToDecimal(auction.retailPriceCents) : null,
        winner: { username: auction.winnerUsername ?? "" },
        winnerBids: me.bidsPlaced,
        allInCost: centsToDecimal(allInCostCents),
        endedAt: auction.endedAt ?? wonAt(auction),
        ...meltValueField(auction.product, spot),
        ...economicsField(auction),
      };
    });
  return { items, nextCursor: won.nextCursor };
}
