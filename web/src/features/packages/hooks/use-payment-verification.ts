import { useQueryClient } from "@tanstack/react-query";
import { getServerMessage } from "@web/lib/api-client.ts";
import { meQuery } from "@web/lib/current-user.ts";
import { useState } from "react";
import type { CurrentUser } from "#shared/schemas/auth";
import type { VerifyPaymentResponse } from "#shared/schemas/payments";
import { verifyPayment } from "../api/verify-payment.ts";
import { useRequestOnce } from "../lib/use-request-once.ts";

export type PaymentVerification =
  | { kind: "verifying" }
  | { kind: "verified"; result: VerifyPaymentResponse }
  | { kind: "failed"; message: string };

/**
 * Verifies a payment once when the page opens (which credits it, exactly once, if the webhook has not
 * yet), puts the new balance in the header at once, and lets the buyer check again while the bank is
 * still processing.
 */
export function usePaymentVerification(paymentIntentId: string): {
  state: PaymentVerification;
  checkAgain(): void;
} {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PaymentVerification>({ kind: "verifying" });

  const onVerified = (result: VerifyPaymentResponse) => {
    setState({ kind: "verified", result });
    // The header's "N Bids" shows the new balance at once, then the refetch confirms it.
    queryClient.setQueryData<CurrentUser | null>(meQuery().queryKey, (user) =>
      user ? { ...user, bidBalance: result.bidBalance } : user,
    );
    void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
  };
  const onFailed = (error: unknown) =>
    setState({ kind: "failed", message: getServerMessage(error, "We could not confirm this payment.") });

  useRequestOnce(() => verifyPayment(paymentIntentId), { onSuccess: onVerified, onError: onFailed });

  const checkAgain = () => {
    setState({ kind: "verifying" });
    verifyPayment(paymentIntentId).then(onVerified, onFailed);
  };
  return { state, checkAgain };
}
