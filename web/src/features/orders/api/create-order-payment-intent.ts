import { api } from "@web/lib/api-client.ts";
import type { OrderPaymentIntentResponse } from "#shared/schemas/orders";

/** POST /api/orders/{id}/payment-intent: empty body, answers {clientSecret} for the order's price. */
export function createOrderPaymentIntent(orderId: string): Promise<OrderPaymentIntentResponse> {
  return api.post<OrderPaymentIntentResponse>(`/api/orders/${encodeURIComponent(orderId)}/payment-intent`);
}
