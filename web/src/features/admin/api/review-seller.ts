import { api } from "@web/lib/api-client.ts";
import type { SellerProfile } from "#shared/schemas/seller";
import { useAdminMutation } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

export type SellerDecision = "approve" | "reject";

/** POST /api/admin/sellers/{id}/approve | reject. */
export function reviewSeller({
  id,
  decision,
}: {
  id: string;
  decision: SellerDecision;
}): Promise<SellerProfile> {
  return api.post<SellerProfile>(`/api/admin/sellers/${encodeURIComponent(id)}/${decision}`);
}

export function useReviewSeller() {
  return useAdminMutation({
    mutationFn: reviewSeller,
    affects: [adminQueries.pendingSellers().queryKey, adminQueries.users().queryKey],
    success: (_profile, { decision }) => ({
      title: decision === "approve" ? "Seller approved" : "Seller rejected",
    }),
  });
}
