import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { OrderView } from "#shared/schemas/orders";

export const sellerOrdersQueryKey = ["/api/orders/seller"] as const;

/** GET /api/orders/seller: the signed-in seller's orders with the buyer's name, email and address. */
export function getSellerOrders(): Promise<OrderView[]> {
  return api.get<OrderView[]>("/api/orders/seller");
}

export function getSellerOrdersQueryOptions() {
  return queryOptions({ queryKey: sellerOrdersQueryKey, queryFn: getSellerOrders, staleTime: 0 });
}

export function useSellerOrders() {
  return useQuery(getSellerOrdersQueryOptions());
}
