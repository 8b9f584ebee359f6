import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { OrderView, ShippingUpdate } from "#shared/schemas/orders";
import { sellerOrdersQueryKey } from "./get-seller-orders.ts";

/** PATCH /api/orders/{id}/shipping: {status, trackingNumber (optional)}. */
export function updateShipping(orderId: string, body: ShippingUpdate): Promise<OrderView> {
  return api.patch<OrderView>(`/api/orders/${encodeURIComponent(orderId)}/shipping`, body);
}

export function useUpdateShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, update }: { orderId: string; update: ShippingUpdate }) =>
      updateShipping(orderId, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerOrdersQueryKey }),
    meta: { errorToast: { fallback: "Failed to update shipping status" } },
  });
}
