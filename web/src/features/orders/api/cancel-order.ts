import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueries.buyerOrders().queryKey }),
    meta: { errorToast: { fallback: "Could not cancel the order" } },
  });
}
