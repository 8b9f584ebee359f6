/**
 * The buyer's cancel of a late order (docs/architecture.md, "Ship-by"): refunded in full through the
 * payment provider, with the bids they spent on the auction given back free.
 */
import type { OrderView } from "#shared/schemas/orders";
import { getOrder } from "../../adapters/dynamo/orders-repo.ts";
import { cancelLateOrderOnce, markCancelledOrderRefunded } from "../../adapters/dynamo/ship-by-repo.ts";
import { paymentGateway } from "../../adapters/payments/index.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { conflict, forbidden, notFound, serviceUnavailable } from "../../domain/errors.ts";
import { CANCEL_MESSAGES, cancelRefusal, shipByNotPassedMessage } from "../../domain/ship-by.ts";
import { logger } from "../../observability/logger.ts";
import { toOrderView } from "../views/order-view.ts";
import { ORDER_MESSAGES } from "./orders.ts";

const CANCEL_ROUNDS = 4;

/**
 * POST /api/orders/{id}/cancel: the buyer cancels a paid order its seller did not ship by `shipBy`.
 * The cancel is written first (one transaction with the bids given back, which the seller's "shipped"
 * cannot pass), then the refund is asked of the provider (idempotent on the payment), then the order
 * reads refunded. A refund that fails leaves the order cancelled and still paid: the same request asks
 * again, and only that step runs.
 */
export async function cancelLateOrder(orderId: string, userId: string, now: number): Promise<OrderView> {
  const cancelled = await retrying(
    { attempts: CANCEL_ROUNDS },
    async () => {
      const order = await getOrder(orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      const refusal = cancelRefusal(order, userId, now);
      if (refusal === "not-buyer") throw forbidden(CANCEL_MESSAGES.notYourOrder);
      if (refusal === "shipped") throw conflict(CANCEL_MESSAGES.alreadyShipped);
      if (refusal === "not-paid") throw conflict(CANCEL_MESSAGES.notPaid);
      if (refusal === "cancelled") throw conflict(CANCEL_MESSAGES.alreadyCancelled);
      if (refusal === "not-late") throw conflict(shipByNotPassedMessage(order.shipBy ?? now));
      if (order.cancelledAt) return order;
      // Every bid the buyer spent on the auction, a Buy It Now order's too (their credit is refunded with the price).
      const bidsBack = order.bidsSpent ?? 0;
      const outcome = await cancelLateOrderOnce(
        { id: order.id, buyerId: userId, shipBy: order.shipBy ?? now },
        bidsBack,
        now,
      );
      if (outcome === "cancelled") {
        logger.warn("late order cancelled by its buyer", { orderId, sellerId: order.sellerId, bidsBack });
        return { ...order, cancelledAt: new Date(now).toISOString(), bidsReturned: bidsBack };
      }
      // Shipped, or cancelled by another request, between the read and the write: decide again.
      return RETRY;
    },
    () => {
      throw serviceUnavailable(ORDER_MESSAGES.busy);
    },
  );
  const paymentIntentId = cancelled.stripePaymentIntentId;
  if (!paymentIntentId) throw new Error(`Paid order ${orderId} has no payment to refund`);
  try {
    await (await paymentGateway()).refundPaymentIntent(paymentIntentId);
  } catch (error) {
    logger.error("refund of a cancelled order failed", { orderId, error });
    throw serviceUnavailable(CANCEL_MESSAGES.refundUnavailable);
  }
  await markCancelledOrderRefunded(orderId, now);
  logger.info("cancelled order refunded", { orderId, amountCents: cancelled.finalPriceCents });
  const order = await getOrder(orderId);
  return toOrderView(order ?? cancelled);
}
