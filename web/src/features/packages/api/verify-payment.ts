import { api } from "@web/lib/api-client.ts";
import type { VerifyPaymentResponse } from "#shared/schemas/payments";

/** POST /api/payments/{id}/verify: credits a succeeded purchase (once) and answers the new balance. */
export function verifyPayment(paymentIntentId: string): Promise<VerifyPaymentResponse> {
  return api.post<VerifyPaymentResponse>(`/api/payments/${encodeURIComponent(paymentIntentId)}/verify`);
}
