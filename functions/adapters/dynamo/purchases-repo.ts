import * as z from "#shared/schemas/zod";
import type { SpendTally } from "../../domain/limits.ts";
import type { BidPurchase } from "../../domain/payments.ts";
import { getItem, updateItem } from "./commands.ts";
import { cancellationCodes, putUnlessRefused, transactionConditionFailed } from "./conditions.ts";
import { queryAll } from "./index-lists.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, keys } from "./keys.ts";
import { receiveCreditsItem } from "./paid-credits-repo.ts";
import {
  type ReferralCreditPlan,
  referralPlanItems,
  type VoucherStanding,
  voucherBidsUpdate,
} from "./referrals-repo.ts";
import { createItemOp, transactRetryingConflicts, transactUnlessCancelled } from "./transact.ts";

export type CreditOutcome = "credited" | "already_credited" | "user_changed";

/**
 * THE idempotent credit step of bid purchases (docs/architecture.md section 6). One transaction writes the
 * purchase item PURCHASE#<paymentIntentId> under attribute_not_exists and adds the bids to the
 * buyer's balance, so however often and however concurrently the webhook and the verify call
 * arrive for one payment, the bids are added exactly once. The same write moves the buyer's spending
 * tally from the one the limits were checked against (`spendSeq` = `seenSeq`) to `tally`, and only
 * while they are not self-excluded: "user_changed" when another credit, a self-exclusion or the
 * account's deletion came first (the caller reads again and decides again).
 *
 * The buyer's first credit after registering with a referral code carries `referral`: the invitation
 * moves in the same transaction (rewarded: both sides' voucher bids with it), and "user_changed" also
 * when the invitation or the inviter's cap moved since they were read.
 */
export async function creditBidPurchase(
  purchase: BidPurchase,
  now: number,
  spending: { seenSeq: number; tally: SpendTally },
  referral?: ReferralCreditPlan,
  /** The buyer's balance and voucher bids as read: voucher bids spent since they were given are not brought back by a top-up. */
  buyerSeen?: VoucherStanding,
): Promise<CreditOutcome> {
  const createdAt = new Date(now).toISOString();
  const voucherBids = referral?.kind === "reward" ? referral.bids : 0;
  const vouchers = voucherBidsUpdate(buyerSeen ?? { bidBalance: 0 }, voucherBids);
  const transactItems = [
    createItemOp({
      ...keys.purchase(purchase.paymentIntentId),
      type: "bidPurchase",
      id: crypto.randomUUID(),
      userId: purchase.userId,
      packageId: purchase.packageId,
      bidCount: purchase.bidCount,
      amountCents: purchase.amountCents,
      stripePaymentIntentId: purchase.paymentIntentId,
      createdAt,
      gsi3pk: indexKeys.userPurchases(purchase.userId),
      gsi3sk: `${createdAt}#${purchase.amountCents}#${purchase.paymentIntentId}`,
    }),
    {
      Update: {
        Key: keys.user(purchase.userId),
        UpdateExpression: `SET spendTally = :tally, spendSeq = :next${vouchers.set ? `, ${vouchers.set}` : ""} ADD bidBalance :bids${vouchers.add ? `, ${vouchers.add}` : ""}`,
        ConditionExpression: `attribute_exists(pk) AND (spendSeq = :seen OR (attribute_not_exists(spendSeq) AND :seen = :zero)) AND (attribute_not_exists(selfExcludedUntil) OR selfExcludedUntil <= :now)${vouchers.condition ? ` AND ${vouchers.condition}` : ""}`,
        ExpressionAttributeValues: {
          ":bids": purchase.bidCount + voucherBids,
          ...vouchers.values,
          ":tally": spending.tally,
          ":seen": spending.seenSeq,
          ":next": spending.seenSeq + 1,
          ":zero": 0,
          ":now": now,
        },
      },
    },
    // What was paid for the credits, recorded with them (what Buy It Now may credit); voucher bids add credits, no money.
    receiveCreditsItem(purchase.userId, purchase.bidCount + voucherBids, purchase.amountCents),
    ...(referral
      ? referralPlanItems(purchase.userId, "invited", purchase.paymentIntentId, referral, now)
      : []),
  ];

  // Another transaction touched the purchase or the user at the same instant (the other delivery of
  // this payment, or a bid): try again; the condition then settles it.
  const outcome = await transactRetryingConflicts(transactItems, {
    attempts: 6,
    delayStepMs: 10,
    conflictWithin: 2,
    refused: (error): CreditOutcome | undefined => {
      if (transactionConditionFailed(error, 0)) return "already_credited";
      if (transactionConditionFailed(error, 1)) return "user_changed";
      // The invitation or the inviter moved meanwhile: read both again.
      if (
        referral &&
        (transactionConditionFailed(error) || cancellationCodes(error)?.includes("TransactionConflict"))
      )
        return "user_changed";
      return undefined;
    },
  });
  return outcome === "written" ? "credited" : outcome;
}

/**
 * Records that a succeeded payment is refused instead of credited (it would pass a limit, or landed
 * while its buyer was self-excluded), under the same key a credit takes, so neither can follow the
 * other. A different `type`, and no index entry: it is no sale, no spending and no email.
 * "exists" when the payment was credited or refused already.
 */
export async function refuseBidPurchase(
  purchase: BidPurchase,
  refusal: string,
  now: number,
): Promise<"refused" | "exists"> {
  const refused = await putUnlessRefused({
    Item: {
      ...keys.purchase(purchase.paymentIntentId),
      type: "refusedPurchase",
      userId: purchase.userId,
      packageId: purchase.packageId,
      bidCount: purchase.bidCount,
      amountCents: purchase.amountCents,
      stripePaymentIntentId: purchase.paymentIntentId,
      createdAt: new Date(now).toISOString(),
      refusal,
    },
    ConditionExpression: "attribute_not_exists(pk)",
  });
  return refused ? "refused" : "exists";
}

/** Notes that a refused payment's money went back (the refund call succeeded). */
export async function markRefusedPurchaseRefunded(paymentIntentId: string, now: number): Promise<void> {
  await updateItem({
    Key: keys.purchase(paymentIntentId),
    UpdateExpression: "SET refundedAt = :at",
    ConditionExpression: "attribute_exists(pk) AND attribute_exists(refusal)",
    ExpressionAttributeValues: { ":at": new Date(now).toISOString() },
  });
}

export interface PaymentRecord {
  userId: string;
  bidCount: number;
  amountCents: number;
  createdAt: string;
  /** Set when the payment was refused instead of credited: why. */
  refusal?: string;
  /** A refused payment whose refund went through. */
  refundedAt?: string;
}

/** What became of a payment: credited, refused (with `refusal`), or null when neither yet. */
export async function getBidPurchase(paymentIntentId: string): Promise<PaymentRecord | null> {
  const purchase = await readPurchase(paymentIntentId);
  if (!purchase) return null;
  const { userId, bidCount, amountCents, createdAt, refusal, refundedAt } = purchase;
  return {
    userId,
    bidCount,
    amountCents,
    createdAt,
    ...(refusal !== undefined ? { refusal } : {}),
    ...(refundedAt !== undefined ? { refundedAt } : {}),
  };
}

/** The fields of a purchase item (written by creditBidPurchase, moved by writeReversal) that are read back. */
interface PurchaseItem extends PaymentRecord {
  reversedCredits?: number;
}

const PURCHASE_SCHEMA = z.object({
  userId: z.string(),
  bidCount: z.number(),
  amountCents: z.number(),
  createdAt: z.string(),
  refusal: z.optional(z.string()),
  refundedAt: z.optional(z.string()),
  reversedCredits: z.optional(z.number()),
}) satisfies z.ZodMiniType<PurchaseItem>;
const _pURCHASE_SCHEMAKeys: SameKeys<z.infer<typeof PURCHASE_SCHEMA>, PurchaseItem> = true;

const BALANCE_SCHEMA = z.object({ bidBalance: z.number() });

async function readPurchase(paymentIntentId: string): Promise<PurchaseItem | null> {
  const { Item } = await getItem({ Key: keys.purchase(paymentIntentId), ConsistentRead: true });
  return Item ? parseStoredItem("bidPurchase", PURCHASE_SCHEMA, Item) : null;
}

const VOUCHER_STANDING_SCHEMA = z.object({
  bidBalance: z.optional(z.number()),
  voucherBids: z.optional(z.number()),
});

/** The balance and its voucher bids, read consistently (what a credit's voucher count is worked out from). */
export async function readVoucherStanding(userId: string): Promise<VoucherStanding | null> {
  const { Item } = await getItem({
    Key: keys.user(userId),
    ConsistentRead: true,
    ProjectionExpression: "bidBalance, voucherBids",
  });
  if (!Item) return null;
  const { bidBalance, voucherBids } = parseStoredItem("user", VOUCHER_STANDING_SCHEMA, Item);
  return { bidBalance: bidBalance ?? 0, ...(voucherBids ? { voucherBids } : {}) };
}

/** A strongly consistent read, so a balance shown right after a credit includes it. */
export async function readBidBalance(userId: string): Promise<number | null> {
  const { Item } = await getItem({
    Key: keys.user(userId),
    ConsistentRead: true,
    ProjectionExpression: "bidBalance",
  });
  return Item ? parseStoredItem("user", BALANCE_SCHEMA, Item).bidBalance : null;
}

export interface StoredPurchase {
  /** Refused, never credited: a refund of it takes nothing back. */
  refused: boolean;
  userId: string;
  bidCount: number;
  amountCents: number;
  /** Credits whose reversal (refund or dispute) has been handled, taken back or not. */
  reversedCredits: number;
}

export async function getStoredPurchase(paymentIntentId: string): Promise<StoredPurchase | null> {
  const purchase = await readPurchase(paymentIntentId);
  if (!purchase) return null;
  const { userId, bidCount, amountCents, reversedCredits, refusal } = purchase;
  return {
    refused: refusal !== undefined,
    userId,
    bidCount,
    amountCents,
    reversedCredits: reversedCredits ?? 0,
  };
}

/**
 * One reversal step, exactly once: the purchase moves from `alreadyReversed` to `totalReversed`
 * reversed credits (recording what was taken back and the shortfall), the user loses `take` credits
 * (never below zero) and is flagged — all or nothing, so a redelivered event finds the purchase already
 * moved and changes nothing. False when the purchase or the balance changed since they were read.
 */
export async function writeReversal(input: {
  paymentIntentId: string;
  userId: string;
  alreadyReversed: number;
  totalReversed: number;
  take: number;
  shortfall: number;
  /** The money this step gives back, taken from what the user paid for credits (paid-credits-repo.ts). */
  refundedCents: number;
  flag: "refunded" | "disputed";
  now: number;
}): Promise<boolean> {
  const at = new Date(input.now).toISOString();
  return transactUnlessCancelled([
    {
      Update: {
        Key: keys.purchase(input.paymentIntentId),
        UpdateExpression:
          "SET reversedCredits = :total, takenBack = if_not_exists(takenBack, :zero) + :take, shortfall = if_not_exists(shortfall, :zero) + :short, reversal = :flag, reversedAt = :at",
        ConditionExpression:
          "attribute_exists(pk) AND (reversedCredits = :already OR (attribute_not_exists(reversedCredits) AND :already = :zero))",
        ExpressionAttributeValues: {
          ":total": input.totalReversed,
          ":already": input.alreadyReversed,
          ":take": input.take,
          ":short": input.shortfall,
          ":zero": 0,
          ":flag": input.flag,
          ":at": at,
        },
      },
    },
    {
      Update: {
        Key: keys.user(input.userId),
        UpdateExpression: "SET bidBalance = bidBalance - :take, paymentFlag = :flag, paymentFlaggedAt = :at",
        ConditionExpression: "attribute_exists(pk) AND bidBalance >= :take",
        ExpressionAttributeValues: { ":take": input.take, ":flag": input.flag, ":at": at },
      },
    },
    receiveCreditsItem(input.userId, 0, -input.refundedCents),
  ]);
}

/** The user's bid-package purchases since `since` (time and amount), from the keys of gsi3 alone. */
export async function purchasesSince(
  userId: string,
  since: number,
): Promise<{ at: number; cents: number }[]> {
  const items = await queryAll({
    IndexName: "gsi3",
    KeyConditionExpression: "gsi3pk = :p AND gsi3sk >= :since",
    ExpressionAttributeValues: {
      ":p": indexKeys.userPurchases(userId),
      ":since": new Date(since).toISOString(),
    },
  });
  return items.map((item) => {
    const [iso, cents] = String(item.gsi3sk).split("#");
    return { at: Date.parse(iso ?? ""), cents: Number(cents) };
  });
}
