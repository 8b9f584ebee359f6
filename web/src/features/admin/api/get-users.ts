import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { AdminUser } from "#shared/schemas/admin";

/** GET /api/admin/users: every user, newest registration first. */
export function getAdminUsers(): Promise<AdminUser[]> {
  return api.get<AdminUser[]>("/api/admin/users");
}

export function getAdminUsersQueryOptions() {
  return queryOptions({ queryKey: ["/api/admin/users"], queryFn: getAdminUsers });
}

export function useAdminUsers() {
  return useQuery(getAdminUsersQueryOptions());
}
