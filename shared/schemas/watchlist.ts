import type { AuctionSummary } from "./auctions.ts";
import * as z from "./zod.ts";

/** PUT and DELETE /api/me/watchlist/{auctionId}. */
export const watchlistParamsSchema = z.object({
  auctionId: z
    .string()
    .check(z.trim(), z.minLength(1, "Auction id is required"), z.maxLength(64, "Invalid auction id")),
});

/** The answer of PUT and DELETE /api/me/watchlist/{auctionId}: whether the caller now watches it. */
export interface WatchlistChange {
  auctionId: string;
  watching: boolean;
}

/** GET /api/me/watchlist: one page of the watched auctions, newest watched first, each in its live state. */
export interface WatchlistPage {
  items: AuctionSummary[];
  nextCursor: string | null;
}
