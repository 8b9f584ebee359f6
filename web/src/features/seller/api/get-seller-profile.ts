import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { SellerProfile } from "#shared/schemas/seller";

/** GET /api/seller/profile: the signed-in seller's application and its status. */
export function getSellerProfile(): Promise<SellerProfile> {
  return api.get<SellerProfile>("/api/seller/profile");
}

export function getSellerProfileQueryOptions() {
  return queryOptions({ queryKey: ["/api/seller/profile"], queryFn: getSellerProfile });
}

export function useSellerProfile() {
  return useQuery(getSellerProfileQueryOptions());
}
