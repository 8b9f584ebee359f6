/**
 * A win's payment deadline (docs/product.md section 4): a won auction must be paid within the stage's
 * days (Buy It Now orders within their own), with reminders 3 days and 1 day before; at the deadline an
 * unpaid one expires. Pure: times are parameters (ms epoch).
 */
import { deadlineAfter, dueStep, nextStepAt } from "./deadlines.ts";

export const DEFAULT_WIN_PAYMENT_DAYS = 14;
export const DEFAULT_BUY_NOW_PAYMENT_DAYS = 7;
/** Reminders go this many days before the deadline, in this order. */
export const PAYMENT_REMINDER_DAYS = [3, 1] as const;

/** The deadline of a win or order that started at `startedAt`. */
export const payByOf = deadlineAfter;

/**
 * When the next step is due, given how many reminders went: the reminders still to go (one that would
 * fall before the start, when the deadline is short, is skipped), then the deadline itself.
 */
export function nextPaymentStepAt(payBy: number, remindersSent: number): number {
  return nextStepAt(payBy, PAYMENT_REMINDER_DAYS, remindersSent);
}

export type PaymentStep = { kind: "remind"; remindersSent: number } | { kind: "expire" } | null;

/** What is due at `now` for an unpaid win: expiry once the deadline passed, else the next reminder once its time came. */
export function duePaymentStep(payBy: number, remindersSent: number, now: number): PaymentStep {
  const step = dueStep(payBy, PAYMENT_REMINDER_DAYS, remindersSent, now);
  return step?.kind === "deadline" ? { kind: "expire" } : step;
}

/**
 * Whether a win or order may still be paid at `now`: not expired by the sweep and its deadline (if it
 * has one: older ones do not) not passed.
 */
export function stillPayable(item: { payBy?: number; paymentExpiredAt?: string }, now: number): boolean {
  return !item.paymentExpiredAt && (item.payBy === undefined || now < item.payBy);
}

export const RELIST_REFUSED_MESSAGE = "Only a win that expired unpaid can be listed again";

/** Only a win that expired unpaid frees its item for a new auction: anything else still holds it or never did. */
export function relistRefusal(auction: { status: string; paymentExpiredAt?: string }): string | null {
  return auction.status === "won" && auction.paymentExpiredAt ? null : RELIST_REFUSED_MESSAGE;
}
