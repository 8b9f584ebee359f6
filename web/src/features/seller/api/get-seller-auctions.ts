import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { SellerAuction } from "#shared/schemas/seller";

/** GET /api/seller/auctions: the seller's auctions, newest first. */
export function getSellerAuctions(): Promise<SellerAuction[]> {
  return api.get<SellerAuction[]>("/api/seller/auctions");
}

export function getSellerAuctionsQueryOptions() {
  return queryOptions({ queryKey: ["/api/seller/auctions"], queryFn: getSellerAuctions });
}

export function useSellerAuctions() {
  return useQuery(getSellerAuctionsQueryOptions());
}
