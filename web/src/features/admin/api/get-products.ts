import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { AdminProduct } from "#shared/schemas/admin";

/** GET /api/admin/products: every product, newest first. */
export function getAdminProducts(): Promise<AdminProduct[]> {
  return api.get<AdminProduct[]>("/api/admin/products");
}

export function getAdminProductsQueryOptions() {
  return queryOptions({ queryKey: ["/api/admin/products"], queryFn: getAdminProducts });
}
