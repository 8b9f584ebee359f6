import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { OrderView, ShippingUpdate } from "#shared/schemas/orders";
import { orderQueries } from "./queries.ts";

/** PATCH /api/orders/{id}/shipping: {status, trackingNumber (optional)}. */
export function updateShipping(orderId: string, body: ShippingUpdate): Promise<OrderView> {
  return api.patch<OrderView>(`/api/orders/${encodeURIComponent(orderId)}/shipping`, body);
}

export function useUpdateShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, update }: { orderId: string; update: ShippingUpdate }) =>
      updateShipping(orderId, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueries.sellerOrdersAll() }),
    meta: { errorToast: { fallback: "Failed to update shipping status" } },
  });
}
