import { api } from "@web/lib/api-client.ts";
import type { ProductView } from "#shared/schemas/seller";
import { useAdminMutation } from "./admin-mutation.ts";
import { getAdminAuctionsQueryOptions } from "./get-auctions.ts";
import { getPendingProductsQueryOptions } from "./get-pending-products.ts";
import { getAdminProductsQueryOptions } from "./get-products.ts";

export type ProductDecision = "approve" | "reject";

/** POST /api/admin/products/{id}/approve (starts the auction) | reject. */
export function reviewProduct({
  id,
  decision,
}: {
  id: string;
  decision: ProductDecision;
}): Promise<ProductView> {
  return api.post<ProductView>(`/api/admin/products/${encodeURIComponent(id)}/${decision}`);
}

export function useReviewProduct() {
  return useAdminMutation({
    mutationFn: reviewProduct,
    affects: [
      getPendingProductsQueryOptions().queryKey,
      getAdminProductsQueryOptions().queryKey,
      getAdminAuctionsQueryOptions().queryKey,
    ],
    success: (_product, { decision }) =>
      decision === "approve"
        ? { title: "Product approved", description: "The product is now live on the platform" }
        : { title: "Product rejected", description: "The seller has been notified" },
  });
}
