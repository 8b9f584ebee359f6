import { DEFAULT_PAGE_LIMIT, pageQuerySchema } from "#shared/schemas/pages";
import type { WatchlistPage } from "#shared/schemas/watchlist";
import { defineRoute } from "../../http/route.ts";
import { listWatchlist } from "../../usecases/watchlist/watchlist.ts";

/** Always a page (`{items, nextCursor}`): the watchlist had no bare-array shape to keep. */
export const route = defineRoute(
  { query: pageQuerySchema },
  async ({ auth, now, query }): Promise<WatchlistPage> =>
    listWatchlist(auth.userId, { limit: query.limit ?? DEFAULT_PAGE_LIMIT, cursor: query.cursor }, now),
);
