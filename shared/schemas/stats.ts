import * as z from "./zod.ts";

/** How far back the stats routes reach: the charts show 30 days; the aggregates keep 90. */
export const MIN_STATS_DAYS = 1;
export const MAX_STATS_DAYS = 90;
export const DEFAULT_STATS_DAYS = 30;
/** The admin's bids-per-hour chart. */
export const STATS_HOURS = 48;

export const STATS_DAYS_MESSAGE = `days must be a whole number from ${MIN_STATS_DAYS} to ${MAX_STATS_DAYS}`;

/** `?days=` of GET /api/admin/stats/daily and GET /api/seller/stats/daily (default 30). */
export const statsQuerySchema = z.object({
  days: z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value: string | undefined) => (value === undefined ? DEFAULT_STATS_DAYS : Number(value))),
    ),
    z
      .number(z.typeMessages(STATS_DAYS_MESSAGE))
      .check(
        z.integer(STATS_DAYS_MESSAGE),
        z.minimum(MIN_STATS_DAYS, STATS_DAYS_MESSAGE),
        z.maximum(MAX_STATS_DAYS, STATS_DAYS_MESSAGE),
      ),
  ),
});

/**
 * GET /api/admin/stats/daily?days=N: one row per UTC day, oldest first, today last (days with nothing
 * are zeros); `hours`: bids in each of the last 48 UTC hours, oldest first. Money as "12.34".
 */
export const adminDailyStatsSchema = z.object({
  days: z.array(
    z.object({
      /** "YYYY-MM-DD" (UTC). */
      date: z.string(),
      /** Bid-package revenue that day (credited purchases). */
      bidPackageRevenue: z.string(),
      bidPackagesSold: z.number().check(z.integer()),
      bids: z.number().check(z.integer()),
      /** Distinct users who bid that day. */
      activeBidders: z.number().check(z.integer()),
      auctionsWon: z.number().check(z.integer()),
    }),
  ),
  hours: z.array(
    z.object({
      /** "YYYY-MM-DDTHH" (UTC). */
      hour: z.string(),
      bids: z.number().check(z.integer()),
    }),
  ),
});
export type AdminDailyStats = z.infer<typeof adminDailyStatsSchema>;

/** GET /api/seller/stats/daily?days=N: the signed-in seller's orders paid and items shipped per UTC day. */
export const sellerDailyStatsSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      /** Orders paid that day, and what they paid. */
      sales: z.number().check(z.integer()),
      salesValue: z.string(),
      itemsShipped: z.number().check(z.integer()),
    }),
  ),
});
export type SellerDailyStats = z.infer<typeof sellerDailyStatsSchema>;
