/**
 * Bid-package payments and the buyer's limits (docs/architecture.md section 6): a payment is started
 * only within the limits, a buyer has at most one open (started, not paid, not canceled) payment, and
 * a succeeded payment is checked again when it lands: credited if it still fits and its buyer is not
 * self-excluded, otherwise refunded, never credited.
 */
import type { CreatePaymentIntentResponse } from "#shared/schemas/payments";
import { recordOpenPurchase } from "../../adapters/dynamo/limits-repo.ts";
import type { BidPackageRecord } from "../../adapters/dynamo/packages-repo.ts";
import {
  creditBidPurchase as creditOnce,
  getBidPurchase,
  markRefusedPurchaseRefunded,
  type PaymentRecord,
  readVoucherStanding,
  refuseBidPurchase,
} from "../../adapters/dynamo/purchases-repo.ts";
import { paymentGateway } from "../../adapters/payments/index.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { conflict, forbidden, serviceUnavailable, unauthorized } from "../../domain/errors.ts";
import { purchaseRefusal, tallyAfter } from "../../domain/limits.ts";
import {
  type BidPurchase,
  bidPackageMetadata,
  PAYMENT_CURRENCY,
  type PaymentIntentView,
  readBidPurchase,
} from "../../domain/payments.ts";
import { logger } from "../../observability/logger.ts";
import { purchaseStanding } from "../limits/responsible-play.ts";
import { noteReward, referralOnCredit } from "../referrals/referrals.ts";

export type BidCreditResult =
  | { outcome: "credited" | "already_credited"; userId: string; bidCount: number }
  | { outcome: "refused"; userId: string; bidCount: number; refusal: string }
  | { outcome: "user_missing"; userId: string; bidCount: number }
  | { outcome: "ignored"; reason: string };

/** The previous payment could be neither canceled nor credited: the bank is still deciding. */
export const PREVIOUS_PAYMENT_PROCESSING_MESSAGE =
  "Your previous payment is still being processed. Please try again in a minute.";
const STARTED_TWICE_MESSAGE = "Another payment was started at the same moment. Please try again.";

/** Each round reads the standing again: another credit or a self-exclusion came first. */
const CREDIT_ROUNDS = 6;

/**
 * Credits the bids of a succeeded bid-package payment, exactly once whoever asks first (the webhook or
 * the verify call of /payment-success) and however often. Amount and bid count come from the intent
 * the server created, never from the browser. A payment that would pass a limit, or lands while its
 * buyer is self-excluded, is refunded instead, once, and never credited later.
 */
export async function creditBidPackagePayment(
  intent: PaymentIntentView,
  now: number,
): Promise<BidCreditResult> {
  const reading = readBidPurchase(intent);
  if (!reading.ok) return { outcome: "ignored", reason: reading.reason };
  const { purchase } = reading;
  // Usually the other caller came first: one read answers it (a read costs a fifth of a write).
  const stored = await getBidPurchase(purchase.paymentIntentId);
  if (stored) return settled(purchase, stored, now);

  return retrying(
    { attempts: CREDIT_ROUNDS },
    async () => {
      const standing = await purchaseStanding(purchase.userId, now);
      if (!standing) {
        // Money was taken for an account that no longer exists: someone has to refund it by hand.
        logger.error("bid purchase paid by a deleted user; refund needed", {
          paymentIntentId: purchase.paymentIntentId,
          userId: purchase.userId,
          amountCents: purchase.amountCents,
        });
        return { outcome: "user_missing", userId: purchase.userId, bidCount: purchase.bidCount };
      }
      const refusal = purchaseRefusal(standing, purchase.amountCents, now);
      if (refusal) {
        if ((await refuseBidPurchase(purchase, refusal, now)) === "refused") {
          logger.warn("bid purchase refused; refunding", {
            paymentIntentId: purchase.paymentIntentId,
            userId: purchase.userId,
            refusal,
          });
          return refund(purchase, refusal, now);
        }
      } else {
        // The buyer's first credit after registering with an invitation moves it in the same transaction.
        const [referral, vouchers] = await Promise.all([
          referralOnCredit(purchase.userId, now),
          readVoucherStanding(purchase.userId),
        ]);
        const outcome = await creditOnce(
          purchase,
          now,
          { seenSeq: standing.spendSeq, tally: tallyAfter(standing.spent, purchase.amountCents, now) },
          referral,
          vouchers ?? undefined,
        );
        if (outcome === "credited") {
          noteReward(referral, purchase.userId);
          logger.info("bid purchase credited", {
            paymentIntentId: purchase.paymentIntentId,
            userId: purchase.userId,
            bidCount: purchase.bidCount,
          });
          return { outcome, userId: purchase.userId, bidCount: purchase.bidCount };
        }
        if (outcome === "user_changed") return RETRY;
      }
      // Credited or refused by the other caller meanwhile.
      const latest = await getBidPurchase(purchase.paymentIntentId);
      if (latest) return settled(purchase, latest, now);
      return RETRY;
    },
    () => {
      throw new Error(`Could not settle the bid purchase ${purchase.paymentIntentId}`);
    },
  );
}

/** A payment already decided: credited, or refused (its refund tried again until it went through). */
async function settled(purchase: BidPurchase, stored: PaymentRecord, now: number): Promise<BidCreditResult> {
  if (stored.refusal === undefined)
    return { outcome: "already_credited", userId: stored.userId, bidCount: stored.bidCount };
  if (!stored.refundedAt) return refund(purchase, stored.refusal, now);
  return { outcome: "refused", userId: stored.userId, bidCount: stored.bidCount, refusal: stored.refusal };
}

async function refund(purchase: BidPurchase, refusal: string, now: number): Promise<BidCreditResult> {
  const gateway = await paymentGateway();
  // A failure propagates: the webhook answers 5xx and is delivered again, which refunds then.
  await gateway.refundPaymentIntent(purchase.paymentIntentId);
  await markRefusedPurchaseRefunded(purchase.paymentIntentId, now);
  return { outcome: "refused", userId: purchase.userId, bidCount: purchase.bidCount, refusal };
}

/**
 * Closes a payment that should no longer be paid: cancels it at the provider, or, when it was paid in
 * the meantime, settles it now (credited or refused by the rules above). "canceled" also when it was
 * settled before (nothing left to close); "processing" when the bank is still deciding, so it can be
 * neither.
 */
export async function closeOpenPurchase(
  paymentIntentId: string,
  now: number,
): Promise<"canceled" | "settled" | "processing"> {
  // Usually the last payment went through and was credited: nothing to ask the provider, and it is
  // already counted.
  if (await getBidPurchase(paymentIntentId)) return "canceled";
  const gateway = await paymentGateway();
  const intent = await gateway.cancelPaymentIntent(paymentIntentId);
  if (!intent || intent.status === "canceled") return "canceled";
  if (intent.status === "succeeded") {
    await creditBidPackagePayment(intent, now);
    return "settled";
  }
  return "processing";
}

/**
 * Starts a payment for a bid package: the buyer's one open payment. One started before and not paid
 * is canceled first (a paid one is settled and counted); then the new one must fit the limits, with
 * everything credited in each period counted.
 */
export async function startBidPurchase(
  userId: string,
  bidPackage: Pick<BidPackageRecord, "id" | "priceCents" | "bidCount">,
  now: number,
): Promise<CreatePaymentIntentResponse> {
  const gateway = await paymentGateway();
  let standing = await purchaseStanding(userId, now);
  if (!standing) throw unauthorized();
  if (standing.openPurchaseIntentId) {
    const closed = await closeOpenPurchase(standing.openPurchaseIntentId, now);
    if (closed === "processing") throw conflict(PREVIOUS_PAYMENT_PROCESSING_MESSAGE);
    if (closed === "settled") standing = await purchaseStanding(userId, now);
    if (!standing) throw unauthorized();
  }
  const refusal = purchaseRefusal(standing, bidPackage.priceCents, now);
  if (refusal) throw forbidden(refusal);

  let intent: { id: string; clientSecret: string };
  try {
    intent = await gateway.createPaymentIntent({
      amountCents: bidPackage.priceCents,
      currency: PAYMENT_CURRENCY,
      metadata: bidPackageMetadata({ userId, packageId: bidPackage.id, bidCount: bidPackage.bidCount }),
    });
  } catch (error) {
    logger.error("creating a payment intent failed", { provider: gateway.name, error: error as Error });
    throw serviceUnavailable("Could not reach the payment provider. Please try again.");
  }
  if (!(await recordOpenPurchase(userId, intent.id, standing.openPurchaseIntentId))) {
    // Another request of the same buyer recorded its payment first: this one never reaches a browser.
    await gateway.cancelPaymentIntent(intent.id);
    throw conflict(STARTED_TWICE_MESSAGE);
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}
