/**
 * Money that went back to the card (Stripe's charge.refunded and charge.dispute.created): a bid
 * package loses the credits it bought, in proportion, as far as the balance holds them (the rest is a
 * recorded shortfall, never a negative balance) and its buyer is flagged; an order becomes
 * `refunded` or `disputed`. Exactly once however often the event arrives: the purchase records how
 * many credits were reversed, and each step moves it from what was read to what is due.
 */
import { findOrderIdByPayment, markOrderReversed } from "../../adapters/dynamo/orders-repo.ts";
import { getStoredPurchase, writeReversal } from "../../adapters/dynamo/purchases-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { refundedPaidCents } from "../../domain/paid-bids.ts";
import { creditsReversed, type PaymentReversal, reversalStep } from "../../domain/payments.ts";
import { logger } from "../../observability/logger.ts";
import { takeBackReferralReward } from "../referrals/referrals.ts";

export type ReversalOutcome =
  | { kind: "bid_package"; outcome: "reversed" | "already_reversed"; taken: number; shortfall: number }
  | { kind: "order"; outcome: "marked" | "not_paid" }
  | { kind: "unknown" | "refused_payment"; outcome: "ignored" };

const MAX_ATTEMPTS = 5;

export async function handlePaymentReversed(
  reversal: PaymentReversal,
  now: number,
): Promise<ReversalOutcome> {
  const flag = reversal.kind === "refund" ? "refunded" : "disputed";
  const purchase = await getStoredPurchase(reversal.paymentIntentId);
  // Our own refund of a payment that was refused, never credited: there is nothing to take back.
  if (purchase?.refused) return { kind: "refused_payment", outcome: "ignored" };
  if (purchase) {
    // An invitation rewarded on this payment loses its voucher bids first, so the credits the reversal
    // takes are the bought ones.
    await takeBackReferralReward(purchase.userId, reversal.paymentIntentId, now);
    return retrying(
      { attempts: MAX_ATTEMPTS },
      async (attempt) => {
        const current = attempt === 0 ? purchase : await getStoredPurchase(reversal.paymentIntentId);
        if (!current) throw new Error(`Could not record the reversal of ${reversal.paymentIntentId}`);
        const user = await getUser(current.userId);
        const step = reversalStep({
          totalReversed: creditsReversed(current, reversal.reversedCents),
          alreadyReversed: current.reversedCredits,
          balance: user?.bidBalance ?? 0,
        });
        if (step.due === 0)
          return { kind: "bid_package", outcome: "already_reversed", taken: 0, shortfall: 0 };
        if (!user) {
          logger.warn("reversed payment of a deleted user", { paymentIntentId: reversal.paymentIntentId });
          return { kind: "bid_package", outcome: "reversed", taken: 0, shortfall: step.due };
        }
        const written = await writeReversal({
          paymentIntentId: reversal.paymentIntentId,
          userId: current.userId,
          alreadyReversed: current.reversedCredits,
          totalReversed: current.reversedCredits + step.due,
          take: step.take,
          shortfall: step.shortfall,
          refundedCents:
            refundedPaidCents(current.amountCents, current.bidCount, current.reversedCredits + step.due) -
            refundedPaidCents(current.amountCents, current.bidCount, current.reversedCredits),
          flag,
          now,
        });
        if (written)
          return { kind: "bid_package", outcome: "reversed", taken: step.take, shortfall: step.shortfall };
        // The balance or the purchase moved meanwhile (a bid, the other delivery of this event): read again.
        return RETRY;
      },
      () => {
        throw new Error(`Could not record the reversal of ${reversal.paymentIntentId}`);
      },
    );
  }
  const orderId = await findOrderIdByPayment(reversal.paymentIntentId);
  if (orderId) {
    return { kind: "order", outcome: (await markOrderReversed(orderId, flag, now)) ? "marked" : "not_paid" };
  }
  return { kind: "unknown", outcome: "ignored" };
}
