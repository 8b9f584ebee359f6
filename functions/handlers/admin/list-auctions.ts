import { AUCTION_STATUSES } from "#shared/constants";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { mapPage, pageRequestOf, searchPageQuerySchema, searchRequestOf } from "#shared/schemas/pages";
import * as z from "#shared/schemas/zod";
import { matchesSearch } from "#shared/search";
import {
  type AuctionRecord,
  listAuctionsByStatus,
  listAuctionsPage,
  searchAuctionsPage,
} from "../../adapters/dynamo/auctions-repo.ts";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { defineRoute } from "../../http/route.ts";
import { finalizeAllOver } from "../../usecases/auctions/finalize-auction.ts";
import { freshSpotPrices } from "../../usecases/spot-prices/read-spot-prices.ts";
import { toAuctionSummary } from "../../usecases/views/auction-view.ts";

const query = z.extend(searchPageQuerySchema, { status: z.optional(z.enum(AUCTION_STATUSES)) });

/**
 * Every auction whatever its status, newest first. `?q=` keeps those whose product, seller, last
 * bidder or winner holds every word; `?status=` reads one status's list; either answers a page.
 */
export const route = defineRoute({ query }, async ({ query, now }) => {
  const statuses = query?.status ? [query.status] : AUCTION_STATUSES;
  const search = searchRequestOf(query, query?.status !== undefined);
  if (search) {
    const found = await searchAuctionsPage(statuses, search, (auction) =>
      matchesSearch(
        search.q,
        auction.product.name,
        auction.seller.businessName,
        auction.lastBidderUsername ?? "",
        auction.winnerUsername ?? "",
      ),
    );
    return mapPage(found, (auctions) => summaries(auctions, now));
  }
  const page = pageRequestOf(query);
  if (page) return mapPage(await listAuctionsPage(statuses, page), (auctions) => summaries(auctions, now));
  const lists = await Promise.all(statuses.map((status) => listAuctionsByStatus(status)));
  const auctions = lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return summaries(auctions, now);
});

/** Auctions found over are finalized on the way, so the panel shows their true status. */
async function summaries(auctions: AuctionRecord[], now: number): Promise<AuctionSummary[]> {
  const [current, spot] = await Promise.all([
    finalizeAllOver(auctions, now, liveHandoff()),
    freshSpotPrices(now),
  ]);
  return current.map((auction) => toAuctionSummary(auction, now, spot));
}
