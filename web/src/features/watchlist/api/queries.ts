import { listPagesQuery } from "@web/lib/list-pages.ts";
import { WATCHLIST_PATH } from "@web/lib/watchlist.ts";
import type { AuctionSummary } from "#shared/schemas/auctions";

/** GET /api/me/watchlist a page at a time: the Watching page's list (the stars read the ids: lib/watchlist.ts). */
export const watchlistPagesQuery = () => listPagesQuery<AuctionSummary>(WATCHLIST_PATH, 20);
