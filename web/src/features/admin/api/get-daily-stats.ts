import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { type AdminDailyStats, DEFAULT_STATS_DAYS } from "#shared/schemas/stats";

/** GET /api/admin/stats/daily?days=N: the platform's daily aggregates and the last 48 hours of bids. */
export function getDailyStatsQueryOptions(days = DEFAULT_STATS_DAYS) {
  return queryOptions({
    queryKey: ["/api/admin/stats/daily", days],
    queryFn: () => api.get<AdminDailyStats>(`/api/admin/stats/daily?days=${days}`),
  });
}
