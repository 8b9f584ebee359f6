import { api } from "@web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation.ts";
import { getAdminAuctionsQueryOptions } from "./get-auctions.ts";
import { getPendingProductsQueryOptions } from "./get-pending-products.ts";
import { getAdminProductsQueryOptions } from "./get-products.ts";

/** DELETE /api/admin/products/{id}: 409 once its auction has bids. */
export function deleteAdminProduct(id: string): Promise<unknown> {
  return api.delete(`/api/admin/products/${encodeURIComponent(id)}`);
}

export function useDeleteAdminProduct() {
  return useAdminMutation({
    mutationFn: deleteAdminProduct,
    affects: [
      getAdminProductsQueryOptions().queryKey,
      getPendingProductsQueryOptions().queryKey,
      getAdminAuctionsQueryOptions().queryKey,
    ],
    success: () => ({ title: "Product deleted" }),
  });
}
