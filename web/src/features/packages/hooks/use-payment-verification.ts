import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getServerMessage } from "@web/lib/api-client.ts";
import { meQuery } from "@web/lib/current-user.ts";
import { useEffect } from "react";
import type { CurrentUser } from "#shared/schemas/auth";
import type { VerifyPaymentResponse } from "#shared/schemas/payments";
import { paymentQueries } from "../api/queries.ts";

export type PaymentVerification =
  | { kind: "verifying" }
  | { kind: "verified"; result: VerifyPaymentResponse }
  | { kind: "failed"; message: string };

/**
 * Verifies a payment when the page opens (which credits it, exactly once, if the webhook has not
 * yet), puts the new balance in the header at once, and lets the buyer check again while the bank is
 * still processing.
 */
export function usePaymentVerification(paymentIntentId: string): {
  state: PaymentVerification;
  checkAgain(): void;
} {
  const queryClient = useQueryClient();
  const verification = useQuery(paymentQueries.verification(paymentIntentId));
  const balance = verification.data?.bidBalance;

  useEffect(() => {
    if (balance === undefined) return;
    // The header's "N Bids" shows the new balance at once, then the refetch confirms it.
    queryClient.setQueryData<CurrentUser | null>(meQuery().queryKey, (user) =>
      user ? { ...user, bidBalance: balance } : user,
    );
    void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
  }, [balance, queryClient]);

  const state: PaymentVerification = verification.isFetching
    ? { kind: "verifying" }
    : verification.isError
      ? {
          kind: "failed",
          message: getServerMessage(verification.error, "We could not confirm this payment."),
        }
      : verification.data
        ? { kind: "verified", result: verification.data }
        : { kind: "verifying" };
  return { state, checkAgain: () => void verification.refetch() };
}
