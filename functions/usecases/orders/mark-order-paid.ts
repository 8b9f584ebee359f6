import {
  getOrder,
  type MarkPaidOutcome,
  markOrderPaidOnce,
  orderPaymentState,
  refuseOrderPayment,
} from "../../adapters/dynamo/orders-repo.ts";
import { paymentGateway } from "../../adapters/payments/index.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { shipWithinDays } from "../../config/runtime.ts";
import { purchaseRefusal, tallyAfter } from "../../domain/limits.ts";
import { type OrderPayment, readOrderPayment } from "../../domain/orders.ts";
import type { PaymentIntentView } from "../../domain/payments.ts";
import { shipByOf } from "../../domain/ship-by.ts";
import { logger } from "../../observability/logger.ts";
import { purchaseStanding } from "../limits/responsible-play.ts";

export type OrderPaidResult =
  | {
      outcome: "paid" | "already_paid" | "order_missing" | "not_payable" | "expired" | "refused";
      orderId: string;
    }
  | { outcome: "ignored"; reason: string };

/** Each round reads the buyer's standing again: another payment or a self-exclusion came first. */
const SPENDING_ROUNDS = 6;

/**
 * Marks the order of a succeeded order payment paid, exactly once whoever asks first (the webhook or a
 * read of the buyer's orders) and however often. The order and amount come from the intent the server
 * created, never from the browser. Money that cannot go to its order (the order was paid by another
 * payment, its price or buyer differ, it is gone, or its payment deadline passed before the payment
 * arrived, on an intent created in time) is refunded in full and leaves the order as it was: such a
 * payment never wrote its ORDERPAYMENT# record, so the refund's own charge.refunded event touches no order.
 * A Buy It Now payment is also checked against its buyer's self-exclusion and spending limits when it
 * lands, as a bid-package payment is (credit-bid-purchase.ts): refused, it is refunded in full, recorded
 * as refused so it never pays the order later, and the order stays unpaid; accepted, it counts in the
 * buyer's spending in the same write that marks the order paid.
 */
export async function markOrderPaid(intent: PaymentIntentView, now: number): Promise<OrderPaidResult> {
  const reading = readOrderPayment(intent);
  if (!reading.ok) return { outcome: "ignored", reason: reading.reason };
  const { payment } = reading;
  const order = await getOrder(payment.orderId);
  const outcome =
    order?.kind === "buy_now"
      ? await markBuyNowPaid(payment, now)
      : // Without spending to move there is no user to change.
        ((await markOrderPaidOnce(payment, now, shipByOf(now, shipWithinDays()))) as Exclude<
          MarkPaidOutcome,
          "user_changed"
        >);
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

async function markBuyNowPaid(
  payment: OrderPayment,
  now: number,
): Promise<Exclude<MarkPaidOutcome, "user_changed"> | "refused"> {
  return retrying(
    { attempts: SPENDING_ROUNDS },
    async () => {
      const state = await orderPaymentState(payment.paymentIntentId);
      if (state === "paid") return "already_paid" as const;
      if (state) return refund(payment, state.refusal);
      const standing = await purchaseStanding(payment.buyerId, now);
      // A buyer who is gone: the paid step finds no order of theirs to pay and the money goes back.
      if (!standing)
        return (await markOrderPaidOnce(payment, now, shipByOf(now, shipWithinDays()))) as Exclude<
          MarkPaidOutcome,
          "user_changed"
        >;
      const refusal = purchaseRefusal(standing, payment.amountCents, now);
      if (refusal) {
        await refuseOrderPayment(payment, refusal, now);
        // Refused now or by the other delivery meanwhile (or paid by it: the next round says which).
        return RETRY;
      }
      const outcome = await markOrderPaidOnce(payment, now, shipByOf(now, shipWithinDays()), {
        seenSeq: standing.spendSeq,
        tally: tallyAfter(standing.spent, payment.amountCents, now),
      });
      return outcome === "user_changed" ? RETRY : outcome;
    },
    () => {
      throw new Error(`Could not settle the Buy It Now payment ${payment.paymentIntentId}`);
    },
  );
}

async function refund(payment: OrderPayment, refusal: string): Promise<"refused"> {
  logger.warn("Buy It Now payment refused; refunding", {
    paymentIntentId: payment.paymentIntentId,
    orderId: payment.orderId,
    refusal,
  });
  // Idempotent on the intent; a failure propagates so the webhook is delivered again.
  await (await paymentGateway()).refundPaymentIntent(payment.paymentIntentId);
  return "refused";
}
