import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { meQueryKey } from "@web/lib/current-user.ts";
import type { VerifyPaymentResponse } from "#shared/schemas/payments";

/** POST /api/payments/{id}/verify: credits a succeeded purchase (once) and answers the new balance. */
export function verifyPayment(paymentIntentId: string): Promise<VerifyPaymentResponse> {
  return api.post<VerifyPaymentResponse>(`/api/payments/${encodeURIComponent(paymentIntentId)}/verify`);
}

/** Refreshes the signed-in user afterwards, so the header's "N Bids" changes without a reload. */
export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
