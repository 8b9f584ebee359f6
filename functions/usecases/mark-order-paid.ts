import { markOrderPaidOnce } from "../adapters/dynamo/orders-repo.ts";
import { readOrderPayment } from "../domain/orders.ts";
import type { PaymentIntentView } from "../domain/payments.ts";
import { logger } from "../observability/logger.ts";

export type OrderPaidResult =
  | { outcome: "paid" | "already_paid" | "order_missing" | "not_payable"; orderId: string }
  | { outcome: "ignored"; reason: string };

/**
 * Marks the order of a succeeded order payment paid, exactly once whoever asks first (the webhook or a
 * read of the buyer's orders) and however often. The order and amount come from the intent the server
 * created, never from the browser.
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
  // Money was taken for an order that cannot take it (paid twice, or gone): someone refunds it by hand.
  if (outcome === "not_payable" || outcome === "order_missing") {
    logger.error("order payment could not be applied; refund needed", { ...context, outcome });
  }
  return { outcome, orderId: payment.orderId };
}
