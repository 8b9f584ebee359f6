import { api } from "@web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation.ts";
import { getPendingSellersQueryOptions } from "./get-pending-sellers.ts";
import { getUserStatsQueryOptions } from "./get-user-stats.ts";
import { getAdminUsersQueryOptions } from "./get-users.ts";

/** DELETE /api/admin/users/{id}: never the caller's own account. */
export function deleteAdminUser(id: string): Promise<unknown> {
  return api.delete(`/api/admin/users/${encodeURIComponent(id)}`);
}

export function useDeleteAdminUser() {
  return useAdminMutation({
    mutationFn: deleteAdminUser,
    affects: [
      getAdminUsersQueryOptions().queryKey,
      getUserStatsQueryOptions().queryKey,
      getPendingSellersQueryOptions().queryKey,
    ],
    success: () => ({ title: "User deleted" }),
  });
}
