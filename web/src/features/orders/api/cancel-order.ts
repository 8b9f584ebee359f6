import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { meQuery } from "@web/lib/current-user.ts";
import type { OrderView } from "#shared/schemas/orders";
import { orderQueries } from "./queries.ts";

/** POST /api/orders/{id}/cancel: the buyer cancels a paid order its seller did not ship by shipBy, for a full refund. */
export function cancelOrder(orderId: string): Promise<OrderView> {
  return api.post<OrderView>(`/api/orders/${encodeURIComponent(orderId)}/cancel`);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => cancelOrder(orderId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderQueries.buyerOrders().queryKey });
      // The bids given back are in the header's balance.
      void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
    },
    meta: { errorToast: { fallback: "Could not cancel the order" } },
  });
}
