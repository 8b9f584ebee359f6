import { markOrderPaidOnce } from "../../adapters/dynamo/orders-repo.ts";
import { paymentGateway } from "../../adapters/payments/index.ts";
import { readOrderPayment } from "../../domain/orders.ts";
import type { PaymentIntentView } from "../../domain/payments.ts";
import { logger } from "../../observability/logger.ts";

export type OrderPaidResult =
  | { outcome: "paid" | "already_paid" | "order_missing" | "not_payable" | "expired"; orderId: string }
  | { outcome: "ignored"; reason: string };

/**
 * Marks the order of a succeeded order payment paid, exactly once whoever asks first (the webhook or a
 * read of the buyer's orders) and however often. The order and amount come from the intent the server
 * created, never from the browser. Money that cannot go to its order (the order was paid by another
 * payment, its price or buyer differ, it is gone, or its payment deadline passed before the payment
 * arrived, on an intent created in time) is refunded in full and leaves the order as it was: such a
 * payment never wrote its ORDERPAYMENT# record, so the refund's own charge.refunded event touches no order.
 */
export async function markOrderPaid(intent: PaymentIntentView, now: number): Promise<OrderPaidResult> {
  const reading = readOrderPayment(intent);
  if (!reading.ok) return { outcome: "ignored", reason: reading.reason };
  const { payment } = reading;
  const outcome = await markOrderPaidOnce(payment, now);
  const context = {
    paymentIntentId: payment.paymentIntentId,
    orderId: payment.orderId,
    amountCents: payment.amountCents,
  };
  if (outcome === "paid") logger.info("order paid", context);
  if (outcome === "not_payable" || outcome === "order_missing" || outcome === "expired") {
    logger.warn("order payment could not be applied; refunding", { ...context, outcome });
    // Idempotent on the intent. A failure propagates: the webhook answers 5xx and is delivered again.
    await (await paymentGateway()).refundPaymentIntent(payment.paymentIntentId);
  }
  return { outcome, orderId: payment.orderId };
}
