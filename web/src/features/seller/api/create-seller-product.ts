import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/use-toast.ts";
import { api } from "@web/lib/api-client.ts";
import type { CreateSellerProductRequest, ProductView } from "#shared/schemas/seller";
import { sellerQueries } from "./queries.ts";

/** POST /api/seller/products: 201 with the new (pending) product; 403 while the seller is not approved. */
export function createSellerProduct(body: CreateSellerProductRequest): Promise<ProductView> {
  return api.post<ProductView>("/api/seller/products", body);
}

export function useCreateSellerProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSellerProduct,
    onSuccess: () => {
      toast({ title: "Product created!", description: "Your product has been submitted for approval." });
      return queryClient.invalidateQueries({ queryKey: sellerQueries.products().queryKey });
    },
    meta: { errorToast: { title: "Failed to create product", fallback: "Please try again." } },
  });
}
