import { useAdminDelete } from "./admin-mutation.ts";
import { productListKeys } from "./queries.ts";

/** DELETE /api/admin/products/{id}: 409 once its auction has bids. */
export function useDeleteAdminProduct() {
  return useAdminDelete("/api/admin/products", { affects: productListKeys(), title: "Product deleted" });
}
