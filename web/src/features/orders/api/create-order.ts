import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { CreateOrderRequest, OrderView } from "#shared/schemas/orders";
import { buyerOrdersQueryKey } from "./get-buyer-orders.ts";
import { wonAuctionsQueryKey } from "./get-won-auctions.ts";

/** POST /api/orders: the winner's order at the auction's final price (the server decides the price). */
export function createOrder(body: CreateOrderRequest): Promise<OrderView> {
  return api.post<OrderView>("/api/orders", body);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: wonAuctionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: buyerOrdersQueryKey });
    },
    meta: { errorToast: { fallback: "Failed to create order" } },
  });
}
