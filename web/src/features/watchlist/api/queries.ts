import { listPagesQuery } from "@web/lib/list-pages.ts";
import { WATCHLIST_PATH } from "@web/lib/watchlist-path.ts";
import type { AuctionSummary } from "#shared/schemas/auctions";

/** Every read of the watchlist feature (the stars' read of the watched ids is shared: lib/watchlist.ts). */
export const watchlistQueries = {
  /** GET /api/me/watchlist a page at a time: the Watching page's list. */
  pages: () => listPagesQuery<AuctionSummary>(WATCHLIST_PATH, 20),
};
