import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { UserStats } from "#shared/schemas/admin";

/** GET /api/admin/stats/users: the user counter. */
export function getUserStats(): Promise<UserStats> {
  return api.get<UserStats>("/api/admin/stats/users");
}

export function getUserStatsQueryOptions() {
  return queryOptions({ queryKey: ["/api/admin/stats/users"], queryFn: getUserStats });
}
