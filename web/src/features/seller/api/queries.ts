import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { ProductView, SellerAuction, SellerProfile } from "#shared/schemas/seller";
import { DEFAULT_STATS_DAYS, type SellerDailyStats } from "#shared/schemas/stats";

/** Every read of the seller's dashboard; each key is the path it reads (docs/product.md section 7). */
export const sellerQueries = {
  /** GET /api/seller/profile: the signed-in seller's application and its status. */
  profile: () =>
    queryOptions({
      queryKey: ["/api/seller/profile"] as const,
      queryFn: () => api.get<SellerProfile>("/api/seller/profile"),
    }),
  /** GET /api/seller/products: the seller's products, newest first. */
  products: () =>
    queryOptions({
      queryKey: ["/api/seller/products"] as const,
      queryFn: () => api.get<ProductView[]>("/api/seller/products"),
    }),
  /** GET /api/seller/auctions: the seller's auctions, newest first. */
  auctions: () =>
    queryOptions({
      queryKey: ["/api/seller/auctions"] as const,
      queryFn: () => api.get<SellerAuction[]>("/api/seller/auctions"),
    }),
  /** GET /api/seller/stats/daily?days=N: the seller's orders paid and items shipped per day. */
  dailyStats: (days = DEFAULT_STATS_DAYS) =>
    queryOptions({
      queryKey: ["/api/seller/stats/daily", days] as const,
      queryFn: () => api.get<SellerDailyStats>(`/api/seller/stats/daily?days=${days}`),
    }),
};
