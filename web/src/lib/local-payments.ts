import { api } from "@web/lib/api-client.ts";
import type { LocalConfirmRequest, LocalConfirmResponse } from "#shared/schemas/payments";

/** POST /api/dev/payments/{id}/confirm: the local provider's card charge (402 with the decline message). */
export function confirmLocalPayment(
  paymentIntentId: string,
  body: LocalConfirmRequest,
): Promise<LocalConfirmResponse> {
  return api.post<LocalConfirmResponse>(`/api/dev/payments/${encodeURIComponent(paymentIntentId)}/confirm`, {
    cardNumber: body.cardNumber,
  });
}
