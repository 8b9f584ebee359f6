import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { ProductView } from "#shared/schemas/seller";

/** GET /api/seller/products: the seller's products, newest first. */
export function getSellerProducts(): Promise<ProductView[]> {
  return api.get<ProductView[]>("/api/seller/products");
}

export function getSellerProductsQueryOptions() {
  return queryOptions({ queryKey: ["/api/seller/products"], queryFn: getSellerProducts });
}

export function useSellerProducts() {
  return useQuery(getSellerProductsQueryOptions());
}
