/**
 * The order operations that talk to the payment provider, apart from the rest of orders.ts so the
 * order functions that never charge anyone do not carry the Stripe SDK in their bundles.
 */
import type { OrderPaymentIntentResponse, OrderView } from "#shared/schemas/orders";
import { mapPage, type Page, type PageRequest } from "#shared/schemas/pages";
import {
  getOrder,
  listBuyerOrders,
  listBuyerOrdersPage,
  type OrderRecord,
  recordPaymentIntent,
} from "../adapters/dynamo/orders-repo.ts";
import { paymentGateway } from "../adapters/payments/index.ts";
import { conflict, forbidden, notFound, serviceUnavailable } from "../domain/errors.ts";
import { orderPaymentMetadata, orderPaymentRefusal } from "../domain/orders.ts";
import { PAYMENT_CURRENCY } from "../domain/payments.ts";
import { logger } from "../observability/logger.ts";
import { markOrderPaid } from "./mark-order-paid.ts";
import { ORDER_MESSAGES } from "./orders.ts";
import { toOrderView } from "./views/order-view.ts";

/** A PaymentIntent for the buyer's own unpaid order, for exactly the order's price. */
export async function createOrderPaymentIntent(
  orderId: string,
  userId: string,
  now: number,
): Promise<OrderPaymentIntentResponse> {
  const order = await getOrder(orderId);
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  const refusal = orderPaymentRefusal(order, userId);
  if (refusal === "not-buyer") throw forbidden(ORDER_MESSAGES.notYourOrder);
  if (refusal === "already-paid") throw conflict(ORDER_MESSAGES.alreadyPaid);
  // An earlier payment may have gone through while its webhook is still on the way: never charge twice.
  if ((await settleLatePayment(order, now)).paymentStatus !== "pending") {
    throw conflict(ORDER_MESSAGES.alreadyPaid);
  }

  const gateway = await paymentGateway();
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
  if (!(await recordPaymentIntent(order.id, intent.id))) throw conflict(ORDER_MESSAGES.alreadyPaid);
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
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
  const settled = await Promise.all(orders.map((order) => settleLatePayment(order, now)));
  return settled.map(toOrderView);
}

async function settleLatePayment(order: OrderRecord, now: number): Promise<OrderRecord> {
  if (order.paymentStatus !== "pending" || !order.lastPaymentIntentId) return order;
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
