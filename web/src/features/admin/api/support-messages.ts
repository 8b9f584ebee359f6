import { api } from "@web/lib/api-client.ts";
import type { SupportMessageView } from "#shared/schemas/support";
import { useAdminMutation } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

/** POST /api/admin/support/messages/{id}/answered */
export function useMarkSupportMessageAnswered() {
  return useAdminMutation({
    mutationFn: (id: string) =>
      api.post<SupportMessageView>(`/api/admin/support/messages/${encodeURIComponent(id)}/answered`),
    affects: [adminQueries.supportMessages().queryKey],
    success: (message) => ({ title: "Marked as answered", description: message.subject }),
  });
}
