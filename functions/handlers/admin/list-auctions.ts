import { AUCTION_STATUSES } from "#shared/constants";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { listAuctionsByStatus, toAuctionSummary } from "../../adapters/dynamo/auctions-repo.ts";
import { defineRoute } from "../../http/route.ts";
import { finalizeAllOver } from "../../usecases/finalize-auction.ts";

/** Every auction whatever its status, newest first. */
export const handler = defineRoute("admin/list-auctions", {}, async ({ now }): Promise<AuctionSummary[]> => {
  const lists = await Promise.all(AUCTION_STATUSES.map((status) => listAuctionsByStatus(status)));
  // Auctions found over are finalized on the way, so the panel shows their true status.
  const auctions = await finalizeAllOver(lists.flat(), now);
  return auctions
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .map((auction) => toAuctionSummary(auction, now));
});
