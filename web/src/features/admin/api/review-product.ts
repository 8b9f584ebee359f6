import { api } from "@web/lib/api-client.ts";
import type { ApproveProductRequest } from "#shared/schemas/admin";
import type { ProductView } from "#shared/schemas/seller";
import { useAdminMutation } from "./admin-mutation.ts";
import { productListKeys } from "./queries.ts";

export type ProductDecision = "approve" | "reject";

/** POST /api/admin/products/{id}/approve (starts the auction) | reject. */
/** An approval may say how long the auction runs and whether it is a beginner auction. */
export function reviewProduct({
  id,
  decision,
  approval,
}: {
  id: string;
  decision: ProductDecision;
  approval?: ApproveProductRequest;
}): Promise<ProductView> {
  return api.post<ProductView>(`/api/admin/products/${encodeURIComponent(id)}/${decision}`, approval);
}

export function useReviewProduct() {
  return useAdminMutation({
    mutationFn: reviewProduct,
    affects: productListKeys(),
    success: (_product, { decision }) =>
      decision === "approve"
        ? { title: "Product approved", description: "The product is now live on the platform" }
        : { title: "Product rejected", description: "The seller has been notified" },
  });
}
