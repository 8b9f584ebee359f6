import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { DEFAULT_STATS_DAYS, type SellerDailyStats } from "#shared/schemas/stats";

/** GET /api/seller/stats/daily?days=N: the seller's orders paid and items shipped per day. */
export function getSellerDailyStatsQueryOptions(days = DEFAULT_STATS_DAYS) {
  return queryOptions({
    queryKey: ["/api/seller/stats/daily", days],
    queryFn: () => api.get<SellerDailyStats>(`/api/seller/stats/daily?days=${days}`),
  });
}
