import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { OrderView } from "#shared/schemas/orders";

export const buyerOrdersQueryKey = ["/api/orders/buyer"] as const;

/** GET /api/orders/buyer: the signed-in user's orders, newest first. */
export function getBuyerOrders(): Promise<OrderView[]> {
  return api.get<OrderView[]>("/api/orders/buyer");
}

export function getBuyerOrdersQueryOptions() {
  return queryOptions({ queryKey: buyerOrdersQueryKey, queryFn: getBuyerOrders, staleTime: 0 });
}

export function useBuyerOrders() {
  return useQuery(getBuyerOrdersQueryOptions());
}
