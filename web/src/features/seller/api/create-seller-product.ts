import { useListMutation } from "@web/components/use-list-mutation.ts";
import { api } from "@web/lib/api-client.ts";
import type { CreateSellerProductRequest, ProductView } from "#shared/schemas/seller";
import { sellerQueries } from "./queries.ts";

/** POST /api/seller/products: 201 with the new (pending) product; 403 while the seller is not approved. */
export function createSellerProduct(body: CreateSellerProductRequest): Promise<ProductView> {
  return api.post<ProductView>("/api/seller/products", body);
}

export function useCreateSellerProduct() {
  return useListMutation({
    mutationFn: createSellerProduct,
    affects: [sellerQueries.products().queryKey],
    success: () => ({
      title: "Product created!",
      description: "Your product has been submitted for approval.",
    }),
    errorToast: { title: "Failed to create product", fallback: "Please try again." },
  });
}
