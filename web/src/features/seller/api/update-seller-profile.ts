import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { SellerProfile, UpdateSellerProfileRequest } from "#shared/schemas/seller";
import { sellerQueries } from "./queries.ts";

/** PATCH /api/seller/profile: business name and description, while the application is pending. */
export function updateSellerProfile(body: UpdateSellerProfileRequest): Promise<SellerProfile> {
  return api.patch<SellerProfile>("/api/seller/profile", body);
}

export function useUpdateSellerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSellerProfile,
    onSuccess: (profile) => queryClient.setQueryData(sellerQueries.profile().queryKey, profile),
    meta: { errorToast: { fallback: "Could not save" } },
  });
}
