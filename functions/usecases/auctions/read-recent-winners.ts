/** GET /api/auctions/ended: the Recent winners page's list, public (docs/product.md, Recent winners). */
import { centsToDecimal } from "#shared/money";
import type { EndedAuction } from "#shared/schemas/auctions";
import type { Page, PageRequest } from "#shared/schemas/pages";
import { type AuctionRecord, listWonAuctionsByEndPage } from "../../adapters/dynamo/auctions-repo.ts";
import { getBidderTally } from "../../adapters/dynamo/buy-now-repo.ts";
import { readPaidCredits } from "../../adapters/dynamo/paid-credits-repo.ts";
import { wonAt } from "../../domain/orders.ts";
import { bidsValueCents } from "./read-auctions.ts";

/**
 * One page of won auctions, newest ended first (the index of wins by end, one BatchGet), each with the
 * winner's all-in cost: the same sum the winner sees on their wins, so the saving shown is never more
 * than they really made. Per item one read of the winner's tally and one of what they paid for bids.
 */
export async function listRecentWinners(page: PageRequest): Promise<Page<EndedAuction>> {
  const won = await listWonAuctionsByEndPage(page);
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
          },
          finalPrice: centsToDecimal(auction.priceCents),
          totalBids: auction.totalBids,
          retailPrice: auction.retailPriceCents ? centsToDecimal(auction.retailPriceCents) : null,
          winner: { username: auction.winnerUsername ?? "" },
          winnerBids: tally.bids,
          allInCost: centsToDecimal(auction.priceCents + bidsValueCents(tally.bids, paid)),
          endedAt: auction.endedAt ?? wonAt(auction),
        };
      }),
  );
  return { items, nextCursor: won.nextCursor };
}
