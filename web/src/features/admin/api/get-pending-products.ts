import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { AdminProduct } from "#shared/schemas/admin";

/** GET /api/admin/products/pending: products waiting for review, oldest first. */
export function getPendingProducts(): Promise<AdminProduct[]> {
  return api.get<AdminProduct[]>("/api/admin/products/pending");
}

export function getPendingProductsQueryOptions() {
  return queryOptions({ queryKey: ["/api/admin/products/pending"], queryFn: getPendingProducts });
}
