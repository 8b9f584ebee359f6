import { api } from "@web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

/** DELETE /api/admin/products/{id}: 409 once its auction has bids. */
export function deleteAdminProduct(id: string): Promise<unknown> {
  return api.delete(`/api/admin/products/${encodeURIComponent(id)}`);
}

export function useDeleteAdminProduct() {
  return useAdminMutation({
    mutationFn: deleteAdminProduct,
    affects: [
      adminQueries.products().queryKey,
      adminQueries.pendingProducts().queryKey,
      adminQueries.auctions().queryKey,
    ],
    success: () => ({ title: "Product deleted" }),
  });
}
