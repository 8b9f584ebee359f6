/**
 * Where a succeeded payment goes, by the `metadata.kind` the server wrote when it created the intent.
 * The Stripe webhook (and the local provider's, which is the same handler) calls
 * `handlePaymentSucceeded` for every verified payment_intent.succeeded event.
 *
 * To pay for something new, add its kind here with a function that is idempotent on the
 * PaymentIntent id (webhooks are delivered at least once, sometimes concurrently).
 */
import { PAYMENT_KINDS, type PaymentIntentView, type PaymentKind } from "../../domain/payments.ts";
import { markOrderPaid } from "../orders/mark-order-paid.ts";
import { creditBidPackagePayment } from "./credit-bid-purchase.ts";

export interface PaymentSucceededResult {
  /** What happened, for the log: "credited", "already_credited", "ignored", ... */
  outcome: string;
  reason?: string;
}

export type PaymentSucceededHandler = (
  intent: PaymentIntentView,
  now: number,
) => Promise<PaymentSucceededResult>;

export const paymentSucceededHandlers: Partial<Record<PaymentKind, PaymentSucceededHandler>> = {
  [PAYMENT_KINDS.bidPackage]: creditBidPackagePayment,
  [PAYMENT_KINDS.order]: markOrderPaid,
};

export async function handlePaymentSucceeded(
  intent: PaymentIntentView,
  now: number,
): Promise<PaymentSucceededResult & { kind: string }> {
  const kind = intent.metadata.kind ?? "";
  const handler = paymentSucceededHandlers[kind as PaymentKind];
  if (!handler) return { kind, outcome: "ignored", reason: `no handler for payment kind "${kind}"` };
  return { kind, ...(await handler(intent, now)) };
}
