import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { CreateOrderRequest, OrderView } from "#shared/schemas/orders";
import { orderQueries } from "./queries.ts";

/** POST /api/orders: the winner's order at the auction's final price (the server decides the price). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderRequest) => api.post<OrderView>("/api/orders", body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderQueries.wonAuctions().queryKey });
      void queryClient.invalidateQueries({ queryKey: orderQueries.buyerOrders().queryKey });
    },
    meta: { errorToast: { fallback: "Failed to create order" } },
  });
}
