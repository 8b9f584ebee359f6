import { api } from "@web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

/** DELETE /api/admin/users/{id}: never the caller's own account. */
export function deleteAdminUser(id: string): Promise<unknown> {
  return api.delete(`/api/admin/users/${encodeURIComponent(id)}`);
}

export function useDeleteAdminUser() {
  return useAdminMutation({
    mutationFn: deleteAdminUser,
    affects: [
      adminQueries.users().queryKey,
      adminQueries.userStats().queryKey,
      adminQueries.pendingSellers().queryKey,
    ],
    success: () => ({ title: "User deleted" }),
  });
}
