import { api } from "@web/lib/api-client.ts";
import type { AdminCreateProductRequest, AdminProduct } from "#shared/schemas/admin";
import { useAdminMutation } from "./admin-mutation.ts";
import { getPendingProductsQueryOptions } from "./get-pending-products.ts";
import { getAdminProductsQueryOptions } from "./get-products.ts";

/** POST /api/admin/products: listed under the platform's seller profile, pending approval. */
export function createAdminProduct(body: AdminCreateProductRequest): Promise<AdminProduct> {
  return api.post<AdminProduct>("/api/admin/products", body);
}

export function useCreateAdminProduct() {
  return useAdminMutation({
    mutationFn: createAdminProduct,
    affects: [getAdminProductsQueryOptions().queryKey, getPendingProductsQueryOptions().queryKey],
    success: () => ({ title: "Product created" }),
  });
}
