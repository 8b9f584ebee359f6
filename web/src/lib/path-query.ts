import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";

/** A GET of `path` cached under the path itself, the house rule for query keys (invalidate by path). */
export function pathQuery<T>(path: string) {
  return queryOptions({ queryKey: [path] as const, queryFn: () => api.get<T>(path) });
}

/** GET `path?days=N`, the daily aggregates of the Stats and Sales charts, cached under the path and N. */
export function dailyStatsQuery<T>(path: string, days: number) {
  return queryOptions({ queryKey: [path, days] as const, queryFn: () => api.get<T>(`${path}?days=${days}`) });
}
