import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { CreateSellerProductRequest, ProductView } from "#shared/schemas/seller";
import { getSellerProductsQueryOptions } from "./get-seller-products.ts";

/** POST /api/seller/products: 201 with the new (pending) product; 403 while the seller is not approved. */
export function createSellerProduct(body: CreateSellerProductRequest): Promise<ProductView> {
  return api.post<ProductView>("/api/seller/products", body);
}

export function useCreateSellerProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSellerProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSellerProductsQueryOptions().queryKey }),
  });
}
