import { api } from "@web/lib/api-client.ts";
import { meQuery } from "@web/lib/current-user.ts";
import { plural } from "#shared/plural";
import type { AdjustBidsRequest, AdjustBidsResponse } from "#shared/schemas/admin";
import { useAdminMutation } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

/** POST /api/admin/users/{id}/adjust-bids: a signed amount; the balance never goes below 0. */
export function adjustUserBids({
  id,
  ...body
}: AdjustBidsRequest & { id: string }): Promise<AdjustBidsResponse> {
  return api.post<AdjustBidsResponse>(`/api/admin/users/${encodeURIComponent(id)}/adjust-bids`, body);
}

export function useAdjustUserBids() {
  return useAdminMutation({
    mutationFn: adjustUserBids,
    // The admin may have adjusted their own balance, which the header shows.
    affects: [adminQueries.users().queryKey, meQuery().queryKey],
    success: ({ newBalance }) => ({
      title: "Bids adjusted",
      description: `New balance: ${plural(newBalance, "credit")}`,
    }),
  });
}
