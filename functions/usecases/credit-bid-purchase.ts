import { creditBidPurchase as creditOnce, getBidPurchase } from "../adapters/dynamo/purchases-repo.ts";
import { type PaymentIntentView, readBidPurchase } from "../domain/payments.ts";
import { logger } from "../observability/logger.ts";

export type BidCreditResult =
  | { outcome: "credited" | "already_credited"; userId: string; bidCount: number }
  | { outcome: "user_missing"; userId: string; bidCount: number }
  | { outcome: "ignored"; reason: string };

/**
 * Credits the bids of a succeeded bid-package payment, exactly once whoever asks first (the webhook or
 * the verify call of /payment-success) and however often. Amount and bid count come from the intent
 * the server created, never from the browser.
 */
export async function creditBidPackagePayment(
  intent: PaymentIntentView,
  now: number,
): Promise<BidCreditResult> {
  const reading = readBidPurchase(intent);
  if (!reading.ok) return { outcome: "ignored", reason: reading.reason };
  const { purchase } = reading;
  const outcome = await creditOnce(purchase, now);
  if (outcome === "user_missing") {
    // Money was taken for an account that no longer exists: someone has to refund it by hand.
    logger.error("bid purchase paid by a deleted user; refund needed", {
      paymentIntentId: purchase.paymentIntentId,
      userId: purchase.userId,
      amountCents: purchase.amountCents,
    });
  } else if (outcome === "credited") {
    logger.info("bid purchase credited", {
      paymentIntentId: purchase.paymentIntentId,
      userId: purchase.userId,
      bidCount: purchase.bidCount,
    });
  }
  return { outcome, userId: purchase.userId, bidCount: purchase.bidCount };
}

/**
 * The verify call's variant: usually the webhook has credited the purchase already, so one read
 * answers it instead of a transaction that would be cancelled (a read costs a fifth of a write).
 * The transaction stays the only guard: a purchase read as missing is credited through it.
 */
export async function ensureBidPackagePaymentCredited(
  intent: PaymentIntentView,
  now: number,
): Promise<BidCreditResult> {
  const stored = await getBidPurchase(intent.id);
  if (stored) return { outcome: "already_credited", userId: stored.userId, bidCount: stored.bidCount };
  return creditBidPackagePayment(intent, now);
}
