import { AUCTION_STATUSES } from "#shared/constants";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { mapPage, pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import {
  type AuctionRecord,
  listAuctionsByStatus,
  listAuctionsPage,
} from "../../adapters/dynamo/auctions-repo.ts";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { defineRoute } from "../../http/route.ts";
import { finalizeAllOver } from "../../usecases/auctions/finalize-auction.ts";
import { toAuctionSummary } from "../../usecases/views/auction-view.ts";

/** Every auction whatever its status, newest first. */
export const route = defineRoute({ query: pageQuerySchema }, async ({ query, now }) => {
  const page = pageRequestOf(query);
  if (page)
    return mapPage(await listAuctionsPage(AUCTION_STATUSES, page), (auctions) => summaries(auctions, now));
  const lists = await Promise.all(AUCTION_STATUSES.map((status) => listAuctionsByStatus(status)));
  const auctions = lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return summaries(auctions, now);
});

/** Auctions found over are finalized on the way, so the panel shows their true status. */
async function summaries(auctions: AuctionRecord[], now: number): Promise<AuctionSummary[]> {
  return (await finalizeAllOver(auctions, now, liveHandoff())).map((auction) =>
    toAuctionSummary(auction, now),
  );
}
