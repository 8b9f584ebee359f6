/**
 * Pure rules of card payments (docs/architecture.md section 6): what a PaymentIntent is for, which succeeded
 * payment credits what, and how the local provider's test cards behave. No AWS, no Stripe, no clock.
 */
import {
  CARD_DECLINED_MESSAGE,
  cardDigits,
  INSUFFICIENT_FUNDS_MESSAGE,
  INVALID_CARD_NUMBER_MESSAGE,
  NOT_A_TEST_CARD_MESSAGE,
  TEST_CARDS,
} from "#shared/payments";
import type { PaymentIntentStatus } from "#shared/schemas/payments";

export const PAYMENT_CURRENCY = "usd";

/** metadata.kind of every PaymentIntent we create: what its success pays for. */
export const PAYMENT_KINDS = { bidPackage: "bid_package", order: "order" } as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[keyof typeof PAYMENT_KINDS];

/** A PaymentIntent as the payment port reports it, whichever provider issued it. */
export interface PaymentIntentView {
  id: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
}

/** A verified webhook event as the payment port reports it. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Set for payment_intent.* events. */
  paymentIntent?: PaymentIntentView;
  /** Set for charge.refunded and charge.dispute.created. */
  reversal?: PaymentReversal;
}

/**
 * Confirming an intent that was canceled: a newer payment replaced it (one open payment per buyer
 * and per order), or its buyer self-excluded.
 */
export const PAYMENT_CANCELED_MESSAGE = "This payment was canceled. Please start a new one.";

/** The refusal of a new payment for a package an admin deactivated (409). */
export const BID_PACKAGE_UNAVAILABLE_MESSAGE = "This bid package is no longer available";

/** Metadata of a bid-package PaymentIntent: everything the credit step needs, fixed by the server at creation. */
export function bidPackageMetadata(input: {
  userId: string;
  packageId: string;
  bidCount: number;
}): Record<string, string> {
  return {
    kind: PAYMENT_KINDS.bidPackage,
    userId: input.userId,
    packageId: input.packageId,
    bidCount: String(input.bidCount),
  };
}

export interface BidPurchase {
  paymentIntentId: string;
  userId: string;
  packageId: string;
  bidCount: number;
  amountCents: number;
}

export type BidPurchaseReading = { ok: true; purchase: BidPurchase } | { ok: false; reason: string };

/**
 * What a succeeded bid-package payment credits: the bid count and buyer the server wrote into the
 * intent's metadata when it created it, never anything the browser said.
 */
export function readBidPurchase(intent: PaymentIntentView): BidPurchaseReading {
  if (intent.metadata.kind !== PAYMENT_KINDS.bidPackage)
    return { ok: false, reason: "not a bid package payment" };
  if (intent.status !== "succeeded") return { ok: false, reason: `payment is ${intent.status}` };
  if (intent.currency !== PAYMENT_CURRENCY)
    return { ok: false, reason: `unexpected currency ${intent.currency}` };
  const { userId, packageId, bidCount: bidCountText } = intent.metadata;
  if (!userId || !packageId) return { ok: false, reason: "metadata lacks userId or packageId" };
  const bidCount = Number(bidCountText);
  if (!Number.isSafeInteger(bidCount) || bidCount <= 0)
    return { ok: false, reason: "metadata bidCount is invalid" };
  if (!Number.isSafeInteger(intent.amountCents) || intent.amountCents <= 0) {
    return { ok: false, reason: "amount is invalid" };
  }
  return {
    ok: true,
    purchase: { paymentIntentId: intent.id, userId, packageId, bidCount, amountCents: intent.amountCents },
  };
}

/** A payment is shown only to the user it was created for. */
export function paymentBelongsTo(intent: PaymentIntentView, userId: string): boolean {
  return intent.metadata.userId === userId;
}

/** The one webhook event that pays for anything. */
export const PAYMENT_SUCCEEDED_EVENT = "payment_intent.succeeded";

/** The succeeded intent an event carries, or null when the event asks nothing of us. */
export function succeededIntentOf(event: PaymentEvent): PaymentIntentView | null {
  if (event.type !== PAYMENT_SUCCEEDED_EVENT || !event.paymentIntent) return null;
  return event.paymentIntent.status === "succeeded" ? event.paymentIntent : null;
}

export type CardOutcome =
  | { outcome: "succeeded" }
  | { outcome: "declined"; code: "card_declined" | "insufficient_funds" | "invalid_number"; message: string };

/**
 * The local provider's answer to a card number, worded like Stripe's test mode: 4242… succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, anything else is
 * refused as invalid or not a test card.
 */
export function localCardOutcome(cardNumber: string): CardOutcome {
  const digits = cardDigits(cardNumber);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { outcome: "declined", code: "invalid_number", message: INVALID_CARD_NUMBER_MESSAGE };
  }
  if (digits === cardDigits(TEST_CARDS.succeeds)) return { outcome: "succeeded" };
  if (digits === cardDigits(TEST_CARDS.declined)) {
    return { outcome: "declined", code: "card_declined", message: CARD_DECLINED_MESSAGE };
  }
  if (digits === cardDigits(TEST_CARDS.insufficientFunds)) {
    return { outcome: "declined", code: "insufficient_funds", message: INSUFFICIENT_FUNDS_MESSAGE };
  }
  return { outcome: "declined", code: "card_declined", message: NOT_A_TEST_CARD_MESSAGE };
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Money that went back to the card: a refund (cumulative, as Stripe reports it) or a dispute. */
export interface PaymentReversal {
  kind: "refund" | "dispute";
  paymentIntentId: string;
  /** The charge's amount. */
  amountCents: number;
  /** Refunded so far (cumulative), or the disputed amount. */
  reversedCents: number;
}

/**
 * Credits a reversal of a bid-package payment takes back in total: the purchase's bids in proportion
 * to the money that went back (a full refund or dispute takes all of them), rounded to the nearest bid.
 */
export function creditsReversed(
  purchase: { bidCount: number; amountCents: number },
  reversedCents: number,
): number {
  if (purchase.amountCents <= 0) return purchase.bidCount;
  const share = Math.min(1, Math.max(0, reversedCents / purchase.amountCents));
  return Math.round(purchase.bidCount * share);
}

/**
 * What to do now: `due` more credits than were already handled; of those, take what the balance holds
 * and record the rest as a shortfall. A balance is never driven below zero.
 */
export function reversalStep(input: { totalReversed: number; alreadyReversed: number; balance: number }) {
  const due = Math.max(0, input.totalReversed - input.alreadyReversed);
  const take = Math.min(due, Math.max(0, input.balance));
  return { due, take, shortfall: due - take };
}

/** The events that move money back, mapped by the adapters from Stripe's `charge.*` events. */
export const PAYMENT_REVERSAL_EVENTS = {
  refund: "charge.refunded",
  dispute: "charge.dispute.created",
} as const;
