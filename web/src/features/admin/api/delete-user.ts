import { useAdminDelete } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

/** DELETE /api/admin/users/{id}: never the caller's own account. */
export function useDeleteAdminUser() {
  return useAdminDelete("/api/admin/users", {
    affects: [
      adminQueries.users().queryKey,
      adminQueries.userStats().queryKey,
      adminQueries.pendingSellers().queryKey,
    ],
    title: "User deleted",
  });
}
