/**
 * The ship-by guarantee (docs/product.md section 4): a paid order must be marked shipped within the
 * stage's days of its payment, with reminders to the seller 2 days and 1 day before; past that moment
 * the order is late, and its buyer may cancel it for a full refund and their bids back. Pure: times are
 * parameters (ms epoch).
 */
import type { PaymentStatus, ShippingStatus } from "#shared/constants";
import { deadlineAfter, dueStep, nextStepAt } from "./deadlines.ts";
import { messageTime } from "./limits.ts";

export const DEFAULT_SHIP_WITHIN_DAYS = 5;
/** Reminders go to the seller this many days before the ship-by moment, in this order. */
export const SHIP_REMINDER_DAYS = [2, 1] as const;

/** The moment an order paid at `paidAt` must be marked shipped by. */
export const shipByOf = deadlineAfter;

/** When the next step is due, given how many reminders went: the reminders still to go, then the ship-by moment. */
export function nextShipStepAt(shipBy: number, remindersSent: number): number {
  return nextStepAt(shipBy, SHIP_REMINDER_DAYS, remindersSent);
}

export type ShipStep = { kind: "remind"; remindersSent: number } | { kind: "late" } | null;

/** What is due at `now` for a paid order not shipped yet: late once the ship-by moment passed, else the next reminder once its time came. */
export function dueShipStep(shipBy: number, remindersSent: number, now: number): ShipStep {
  const step = dueStep(shipBy, SHIP_REMINDER_DAYS, remindersSent, now);
  return step?.kind === "deadline" ? { kind: "late" } : step;
}

export const CANCEL_MESSAGES = {
  notYourOrder: "This order is not yours",
  notPaid: "This order has not been paid yet",
  alreadyShipped: "This order has already shipped",
  alreadyCancelled: "This order has already been cancelled and refunded",
  refundUnavailable:
    "Your order is cancelled; the refund could not reach the payment provider. Please try again.",
} as const;

/** "The seller has until 2030-01-05 15:04 UTC to ship": the answer to a cancel before the ship-by moment. */
export function shipByNotPassedMessage(shipBy: number): string {
  return `The seller has until ${messageTime(shipBy)} to ship`;
}

export type CancelRefusal = "not-buyer" | "not-paid" | "shipped" | "not-late" | "cancelled";

export interface CancellableOrder {
  buyerId: string;
  paymentStatus: PaymentStatus;
  shippingStatus: ShippingStatus;
  shipBy?: number;
  cancelledAt?: string;
}

/**
 * Whether the buyer may cancel the order at `now`: only its buyer, only a paid order, only before it
 * ships and only once its ship-by moment passed. One cancelled whose refund did not go through yet
 * (still "paid") may be asked again, which asks the provider again; once refunded, never.
 */
export function cancelRefusal(order: CancellableOrder, userId: string, now: number): CancelRefusal | null {
  if (order.buyerId !== userId) return "not-buyer";
  if (order.cancelledAt) return order.paymentStatus === "paid" ? null : "cancelled";
  if (order.shippingStatus !== "pending") return "shipped";
  if (order.paymentStatus !== "paid" || order.shipBy === undefined) return "not-paid";
  if (now < order.shipBy) return "not-late";
  return null;
}
