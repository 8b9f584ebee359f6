import { dailyStatsQuery, pathQuery } from "@web/lib/path-query.ts";
import type { ProductView, SellerAuction, SellerProfile } from "#shared/schemas/seller";
import { DEFAULT_STATS_DAYS, type SellerDailyStats } from "#shared/schemas/stats";

/** Every read of the seller's dashboard; each key is the path it reads (docs/product.md section 7). */
export const sellerQueries = {
  /** GET /api/seller/profile: the signed-in seller's application and its status. */
  profile: () => pathQuery<SellerProfile>("/api/seller/profile"),
  /** GET /api/seller/products: the seller's products, newest first. */
  products: () => pathQuery<ProductView[]>("/api/seller/products"),
  /** GET /api/seller/auctions: the seller's auctions, newest first. */
  auctions: () => pathQuery<SellerAuction[]>("/api/seller/auctions"),
  /** GET /api/seller/stats/daily?days=N: the seller's orders paid and items shipped per day. */
  dailyStats: (days = DEFAULT_STATS_DAYS) =>
    dailyStatsQuery<SellerDailyStats>("/api/seller/stats/daily", days),
};
