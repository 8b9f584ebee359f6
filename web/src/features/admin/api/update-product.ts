import { api } from "@web/lib/api-client.ts";
import type { AdminProduct, AdminUpdateProductRequest } from "#shared/schemas/admin";
import { useAdminMutation } from "./admin-mutation.ts";
import { productListKeys } from "./queries.ts";

/** PATCH /api/admin/products/{id}: any of the product's fields (its live auction changes with it). */
export function updateAdminProduct({
  id,
  ...body
}: AdminUpdateProductRequest & { id: string }): Promise<AdminProduct> {
  return api.patch<AdminProduct>(`/api/admin/products/${encodeURIComponent(id)}`, body);
}

export function useUpdateAdminProduct() {
  return useAdminMutation({
    mutationFn: updateAdminProduct,
    affects: productListKeys(),
    success: (updated) => ({ title: "Product updated", description: updated.name }),
  });
}
