import type { EndedAuctionsPage } from "#shared/schemas/auctions";
import { DEFAULT_PAGE_LIMIT, pageQuerySchema } from "#shared/schemas/pages";
import { definePublicRoute } from "../../http/route.ts";
import { listRecentWinners } from "../../usecases/auctions/read-recent-winners.ts";

/** Always a page (`{items, nextCursor}`): a new list with no bare-array shape to keep. */
export const route = definePublicRoute(
  { query: pageQuerySchema },
  async ({ query, now }): Promise<EndedAuctionsPage> =>
    listRecentWinners({ limit: query.limit ?? DEFAULT_PAGE_LIMIT, cursor: query.cursor }, now),
);
