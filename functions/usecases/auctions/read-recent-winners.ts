/** GET /api/auctions/ended: the Recent winners page's list, public (docs/product.md, Recent winners). */
import { fineOzOf } from "#shared/metal-content";
import { centsToDecimal } from "#shared/money";
import type { EndedAuction } from "#shared/schemas/auctions";
import type { Page, PageRequest } from "#shared/schemas/pages";
import { type AuctionRecord, listWonAuctionsByEndPage } from "../../adapters/dynamo/auctions-repo.ts";
import { getBidderTally } from "../../adapters/dynamo/buy-now-repo.ts";
import { readPaidCredits } from "../../adapters/dynamo/paid-credits-repo.ts";
import { wonAt } from "../../domain/orders.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";
import { meltValueField } from "../views/melt-value.ts";
import { economicsField } from "./auction-economics.ts";
import { bidsValueCents } from "./read-auctions.ts";

/**
 * One page of won auctions, newest ended first (the index of wins by end, one BatchGet), each with the
 * winner's all-in cost: the same sum the winner sees on their wins, so the saving shown is never more
 * than they really made. Per item one read of the winner's tally and one of what they paid for bids.
 */
export async function listRecentWinners(page: PageRequest, now: number): Promise<Page<EndedAuction>> {
  const [won, spot] = await Promise.all([listWonAuctionsByEndPage(page), freshSpotPrices(now)]);
  const items = await Promise.all(
    won.items
      .filter((auction): auction is AuctionRecord & { winnerId: string } => Boolean(auction.winnerId))
      .map(async (auction): Promise<EndedAuction> => {
        const [tally, paid] = await Promise.all([
          getBidderTally(auction.id, auction.winnerId),
          readPaidCredits(auction.winnerId),
        ]);
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
          winnerBids: tally.bids,
          allInCost: centsToDecimal(auction.priceCents + bidsValueCents(tally.bids, paid)),
          endedAt: auction.endedAt ?? wonAt(auction),
          ...meltValueField(auction.product, spot),
          ...economicsField(auction),
        };
      }),
  );
  return { items, nextCursor: won.nextCursor };
}
