import { queryOptions } from "@tanstack/react-query";
import { createPaymentIntent } from "./create-payment-intent.ts";
import { verifyPayment } from "./verify-payment.ts";

/**
 * The two payment steps a page starts as it opens. Both are POSTs the server makes idempotent, held as
 * queries so a remount or React's double effect shares the one request in flight instead of sending two;
 * `gcTime: 0` lets the next visit ask again. Keys are the paths they POST to.
 */
export const paymentQueries = {
  intent: (packageId: string) =>
    queryOptions({
      queryKey: ["/api/create-payment-intent", packageId],
      queryFn: () => createPaymentIntent({ packageId }),
      gcTime: 0,
    }),
  verification: (paymentIntentId: string) =>
    queryOptions({
      queryKey: ["/api/payments", paymentIntentId, "verify"],
      queryFn: () => verifyPayment(paymentIntentId),
      gcTime: 0,
    }),
};
