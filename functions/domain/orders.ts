/**
 * The rules of orders (docs/product.md sections 2-4, docs/architecture.md section 6): who may order a won auction, who
 * may pay and ship it, and what a shipping change stamps. Pure: no AWS, time is a parameter.
 */
import type { AuctionStatus, PaymentStatus, ShippingStatus } from "#shared/constants";
import { PAYMENT_CURRENCY, PAYMENT_KINDS, type PaymentIntentView } from "./payments.ts";

export type OrderRefusal = "still-running" | "not-winner";

/**
 * Only the winner orders, and only once the auction is won. An auction still running (or over but
 * not yet finalized, which the caller finalizes first) cannot be ordered yet; one that ended without
 * bids, or that someone else won, is refused as not the caller's.
 */
export function orderRefusal(
  auction: { status: AuctionStatus; winnerId?: string | null },
  userId: string,
): OrderRefusal | null {
  if (auction.status === "active") return "still-running";
  if (auction.status !== "won" || auction.winnerId !== userId) return "not-winner";
  return null;
}

export type OrderPaymentRefusal = "not-buyer" | "already-paid";

/** Only the buyer pays, and only an order not paid yet (a refunded one is not paid again here). */
export function orderPaymentRefusal(
  order: { buyerId: string; paymentStatus: PaymentStatus },
  userId: string,
): OrderPaymentRefusal | null {
  if (order.buyerId !== userId) return "not-buyer";
  if (order.paymentStatus !== "pending") return "already-paid";
  return null;
}

/** Only the seller whose auction it was updates its shipping. */
export function mayUpdateShipping(order: { sellerUserId: string }, userId: string): boolean {
  return order.sellerUserId === userId;
}

export interface ShippingState {
  shippingStatus: ShippingStatus;
  trackingNumber?: string;
  /** ISO times. */
  shippedAt?: string;
  deliveredAt?: string;
}

/**
 * The shipping state after the seller sets `status` at `now`. Any status may follow any other (docs/product.md
 * section 4); the stamps describe the current status: reaching shipped stamps shippedAt, reaching
 * delivered stamps deliveredAt (and shippedAt if it never shipped), staying keeps the stamps it has,
 * and going back clears the stamps of the later steps. A tracking number left out stays; an empty one
 * is removed.
 */
export function applyShippingUpdate(
  current: ShippingState,
  update: { status: ShippingStatus; trackingNumber?: string },
  now: number,
): ShippingState {
  const at = new Date(now).toISOString();
  const tracking =
    update.trackingNumber === undefined ? current.trackingNumber : update.trackingNumber.trim();
  const next: ShippingState = { shippingStatus: update.status };
  if (tracking) next.trackingNumber = tracking;
  if (update.status === "shipped") {
    next.shippedAt = current.shippingStatus === "shipped" && current.shippedAt ? current.shippedAt : at;
  } else if (update.status === "delivered") {
    next.shippedAt = current.shippedAt ?? at;
    next.deliveredAt =
      current.shippingStatus === "delivered" && current.deliveredAt ? current.deliveredAt : at;
  }
  return next;
}

/** Metadata of an order's PaymentIntent: all the paid step needs, fixed by the server at creation. */
export function orderPaymentMetadata(order: {
  id: string;
  buyerId: string;
  auctionId: string;
}): Record<string, string> {
  return { kind: PAYMENT_KINDS.order, orderId: order.id, userId: order.buyerId, auctionId: order.auctionId };
}

export interface OrderPayment {
  paymentIntentId: string;
  orderId: string;
  buyerId: string;
  amountCents: number;
}

export type OrderPaymentReading = { ok: true; payment: OrderPayment } | { ok: false; reason: string };

/** What a succeeded order payment pays for: the order the server named in the intent's metadata. */
export function readOrderPayment(intent: PaymentIntentView): OrderPaymentReading {
  if (intent.metadata.kind !== PAYMENT_KINDS.order) return { ok: false, reason: "not an order payment" };
  if (intent.status !== "succeeded") return { ok: false, reason: `payment is ${intent.status}` };
  if (intent.currency !== PAYMENT_CURRENCY)
    return { ok: false, reason: `unexpected currency ${intent.currency}` };
  const { orderId, userId } = intent.metadata;
  if (!orderId || !userId) return { ok: false, reason: "metadata lacks orderId or userId" };
  if (!Number.isSafeInteger(intent.amountCents) || intent.amountCents <= 0) {
    return { ok: false, reason: "amount is invalid" };
  }
  return {
    ok: true,
    payment: { paymentIntentId: intent.id, orderId, buyerId: userId, amountCents: intent.amountCents },
  };
}

/** The date a win is shown with: the moment the auction ended (its final endsAt, ms epoch). */
export function wonAt(auction: { endsAt: number }): string {
  return new Date(auction.endsAt).toISOString();
}
