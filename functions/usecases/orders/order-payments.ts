/**
 * The order operations that talk to the payment provider, apart from the rest of orders.ts so the
 * order functions that never charge anyone do not carry the Stripe SDK in their bundles.
 */
import type { OrderPaymentIntentResponse, OrderView } from "#shared/schemas/orders";
import { mapPage, type Page, type PageRequest } from "#shared/schemas/pages";
import type { PaymentIntentStatus } from "#shared/schemas/payments";
import {
  getOrder,
  listBuyerOrders,
  listBuyerOrdersPage,
  type OrderRecord,
  recordPaymentIntent,
} from "../../adapters/dynamo/orders-repo.ts";
import { paymentGateway } from "../../adapters/payments/index.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { conflict, forbidden, notFound, serviceUnavailable } from "../../domain/errors.ts";
import { exchangedWinPaymentMessage } from "../../domain/exchange-win.ts";
import { purchaseRefusal } from "../../domain/limits.ts";
import { orderPaymentMetadata, orderPaymentRefusal } from "../../domain/orders.ts";
import { stillPayable } from "../../domain/payment-deadlines.ts";
import { PAYMENT_CURRENCY } from "../../domain/payments.ts";
import { logger } from "../../observability/logger.ts";
import { purchaseStanding } from "../limits/responsible-play.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";
import { toOrderView } from "../views/order-view.ts";
import { markOrderPaid } from "./mark-order-paid.ts";
import { ORDER_MESSAGES } from "./orders.ts";

/** Statuses in which an intent can still be confirmed by its payer: the order's open payment. */
const PAYABLE: ReadonlySet<PaymentIntentStatus> = new Set([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
]);

/** Rounds of "another request recorded its intent first" before the buyer is told to try again. */
const PAYMENT_INTENT_RACES = 3;

/**
 * The PaymentIntent of the buyer's own unpaid order, for exactly the order's price: one open intent per
 * order (docs/architecture.md section 6). While the last one created can still be paid, every request
 * (a second tab, a reload) gets that same intent, so the card is charged once; a new one is created
 * only when there is none, or the last was canceled. Two requests at once: the first to record its
 * intent on the order wins, the other cancels its own and answers the winner's.
 */
export async function createOrderPaymentIntent(
  orderId: string,
  userId: string,
  now: number,
): Promise<OrderPaymentIntentResponse> {
  const gateway = await paymentGateway();
  return retrying(
    { attempts: PAYMENT_INTENT_RACES },
    async () => {
      const order = await getOrder(orderId);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      const refusal = orderPaymentRefusal(order, userId);
      if (refusal === "not-buyer") throw forbidden(ORDER_MESSAGES.notYourOrder);
      if (refusal === "already-paid") throw conflict(ORDER_MESSAGES.alreadyPaid);

      const last = order.lastPaymentIntentId ? await resume(order.lastPaymentIntentId) : null;
      if (last?.intent.status === "succeeded") {
        // It went through while its webhook is still on the way: mark it paid now, never charge twice.
        const result = await markOrderPaid(last.intent, now);
        throw conflict(
          result.outcome === "expired" ? ORDER_MESSAGES.paymentExpired : ORDER_MESSAGES.alreadyPaid,
        );
      }
      if (order.exchangedBids !== undefined) throw conflict(exchangedWinPaymentMessage(order.exchangedBids));
      if (!stillPayable(order, now)) throw conflict(ORDER_MESSAGES.paymentExpired);
      // Buy It Now is a purchase like a bid package: self-exclusion and the spending limits hold.
      if (order.kind === "buy_now") {
        const standing = await purchaseStanding(userId, now);
        const refusal = standing && purchaseRefusal(standing, order.finalPriceCents, now);
        if (refusal) throw forbidden(refusal);
      }
      if (last && PAYABLE.has(last.intent.status))
        return { clientSecret: last.clientSecret, paymentIntentId: last.intent.id };
      if (last && last.intent.status !== "canceled") throw conflict(ORDER_MESSAGES.paymentProcessing);

      let intent: { id: string; clientSecret: string };
      try {
        intent = await gateway.createPaymentIntent({
          amountCents: order.finalPriceCents,
          currency: PAYMENT_CURRENCY,
          metadata: orderPaymentMetadata(order),
        });
      } catch (error) {
        logger.error("creating an order payment intent failed", {
          provider: gateway.name,
          error: error as Error,
        });
        throw serviceUnavailable(ORDER_MESSAGES.paymentUnavailable);
      }
      if (await recordPaymentIntent(order.id, intent.id, order.lastPaymentIntentId ?? null)) {
        return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
      }
      // Another request recorded its intent first (or the order was paid): this one must never be paid.
      await gateway.cancelPaymentIntent(intent.id);
      return RETRY;
    },
    () => {
      throw conflict(ORDER_MESSAGES.busy);
    },
  );
}

/** The order's last intent as the provider has it; 503 when it cannot say (never risk a second charge). */
async function resume(paymentIntentId: string) {
  try {
    const gateway = await paymentGateway();
    return await gateway.resumePaymentIntent(paymentIntentId);
  } catch (error) {
    logger.error("reading an order's payment intent failed", { paymentIntentId, error: error as Error });
    throw serviceUnavailable(ORDER_MESSAGES.paymentUnavailable);
  }
}

/**
 * The buyer's orders, newest first. A pending order whose latest payment already succeeded is marked
 * paid on the way (once, like the webhook), so /orders is right even when the webhook is late.
 */
export async function listOrdersOfBuyer(buyerId: string, now: number): Promise<OrderView[]> {
  return settledViews(await listBuyerOrders(buyerId), now);
}

export async function listOrdersOfBuyerPage(
  buyerId: string,
  now: number,
  page: PageRequest,
): Promise<Page<OrderView>> {
  return mapPage(await listBuyerOrdersPage(buyerId, page), (orders) => settledViews(orders, now));
}

async function settledViews(orders: OrderRecord[], now: number): Promise<OrderView[]> {
  const [settled, spot] = await Promise.all([
    Promise.all(orders.map((order) => settleLatePayment(order, now))),
    freshSpotPrices(now),
  ]);
  return settled.map((order) => toOrderView(order, spot));
}

async function settleLatePayment(order: OrderRecord, now: number): Promise<OrderRecord> {
  // Past its deadline a late payment is not applied but refunded, which the webhook does (once).
  if (order.paymentStatus !== "pending" || !order.lastPaymentIntentId || !stillPayable(order, now))
    return order;
  try {
    const gateway = await paymentGateway();
    const intent = await gateway.retrievePaymentIntent(order.lastPaymentIntentId);
    if (intent?.status !== "succeeded") return order;
    const result = await markOrderPaid(intent, now);
    if (result.outcome !== "paid" && result.outcome !== "already_paid") return order;
    return (await getOrder(order.id)) ?? order;
  } catch (error) {
    // The list still answers; the webhook will mark it paid.
    logger.warn("could not check an order's payment", { orderId: order.id, error: error as Error });
    return order;
  }
}

/**
 * Cancels the payments of the buyer's unpaid Buy It Now orders (self-exclusion: they may no longer be
 * paid). One that went through meanwhile is settled now, which refuses and refunds it.
 */
export async function cancelOpenBuyNowPayments(buyerId: string, now: number): Promise<void> {
  const open = (await listBuyerOrders(buyerId)).filter(
    (order) => order.kind === "buy_now" && order.paymentStatus === "pending" && order.lastPaymentIntentId,
  );
  if (open.length === 0) return;
  const gateway = await paymentGateway();
  for (const order of open) {
    const intent = await gateway.cancelPaymentIntent(order.lastPaymentIntentId!);
    if (intent?.status === "succeeded") await markOrderPaid(intent, now);
  }
}
