import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { AdminUser } from "#shared/schemas/admin";

export const ADMIN_USERS_PATH = "/api/admin/users";

/** GET /api/admin/users: every user, newest registration first. */
export function getAdminUsers(): Promise<AdminUser[]> {
  return api.get<AdminUser[]>(ADMIN_USERS_PATH);
}

export function getAdminUsersQueryOptions() {
  return queryOptions({ queryKey: [ADMIN_USERS_PATH], queryFn: getAdminUsers });
}
