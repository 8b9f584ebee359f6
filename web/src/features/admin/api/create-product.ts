import { api } from "@web/lib/api-client.ts";
import type { AdminCreateProductRequest, AdminProduct } from "#shared/schemas/admin";
import { useAdminMutation } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

/** POST /api/admin/products: listed under the platform's seller profile, pending approval. */
export function createAdminProduct(body: AdminCreateProductRequest): Promise<AdminProduct> {
  return api.post<AdminProduct>("/api/admin/products", body);
}

export function useCreateAdminProduct() {
  return useAdminMutation({
    mutationFn: createAdminProduct,
    affects: [adminQueries.products().queryKey, adminQueries.pendingProducts().queryKey],
    success: () => ({ title: "Product created" }),
  });
}
