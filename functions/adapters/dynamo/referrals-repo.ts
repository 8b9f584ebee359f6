/**
 * Invitations (rules in functions/domain/referrals.ts). Three items: the inviter's `REFERRER` item under
 * their user (code, counts, the times of their rewards), the code's owner item `REFERRALCODE#<code>` (a
 * code is unique by its key), and the invited account's `REFERRAL` item under its user (who invited it,
 * and how far the reward got). A reward moves the referral item from the status it was read in, and
 * the referrer item from the `rewardSeq` its cap was checked against, so two rewards racing for one
 * inviter's last place of the year cannot both land.
 */

import * as z from "#shared/schemas/zod";
import { type ReferralStatus, voucherBidsAfter } from "../../domain/referrals.ts";
import { getItem } from "./commands.ts";
import { transactionConditionFailed, unlessRefused } from "./conditions.ts";
import { listByIndex } from "./index-lists.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, keys, timeSortKey } from "./keys.ts";
import { receiveCreditsItem } from "./paid-credits-repo.ts";
import { createItemOp, type TransactItem, writeTransaction } from "./transact.ts";

export interface ReferrerRecord {
  userId: string;
  code: string;
  /** Accounts registered with the code. */
  invited: number;
  /** Invitations that earned their voucher bids. */
  rewarded: number;
  /** When each reward of the last 365 days landed (ms epoch): the yearly cap counts these. */
  rewardTimes: number[];
  rewardSeq: number;
}

interface ReferrerItem {
  userId: string;
  code: string;
  invited?: number;
  rewarded?: number;
  rewardTimes?: number[];
  rewardSeq?: number;
}

const REFERRER_SCHEMA = z.object({
  userId: z.string(),
  code: z.string(),
  invited: z.optional(z.number()),
  rewarded: z.optional(z.number()),
  rewardTimes: z.optional(z.array(z.number())),
  rewardSeq: z.optional(z.number()),
}) satisfies z.ZodMiniType<ReferrerItem>;
const _referrerKeys: SameKeys<z.infer<typeof REFERRER_SCHEMA>, ReferrerItem> = true;

export async function getReferrer(userId: string): Promise<ReferrerRecord | null> {
  const { Item } = await getItem({ Key: keys.referrer(userId), ConsistentRead: true });
  if (!Item) return null;
  return toReferrer(Item);
}

function toReferrer(raw: Record<string, unknown>): ReferrerRecord {
  const item = parseStoredItem("referrer", REFERRER_SCHEMA, raw);
  return {
    userId: item.userId,
    code: item.code,
    invited: item.invited ?? 0,
    rewarded: item.rewarded ?? 0,
    rewardTimes: item.rewardTimes ?? [],
    rewardSeq: item.rewardSeq ?? 0,
  };
}

/** The accounts that have an invitation code, newest code first, at most `limit` (an index, not a scan). */
export async function listReferrers(limit: number): Promise<ReferrerRecord[]> {
  const items = await listByIndex("gsi1", indexKeys.referrers(), { newestFirst: true, limit });
  return items.map(toReferrer);
}

/**
 * Gives the account its code: the referrer item and the code's owner item together. "exists" when the
 * account has a code already (another request made it first); "code_taken" when the code is another's.
 */
export async function createReferrer(
  userId: string,
  code: string,
  now: number,
): Promise<"created" | "exists" | "code_taken"> {
  const createdAt = new Date(now).toISOString();
  try {
    await writeTransaction([
      createItemOp({
        ...keys.referrer(userId),
        type: "referrer",
        userId,
        code,
        createdAt,
        // The admin's referrals list (listReferrers).
        gsi1pk: indexKeys.referrers(),
        gsi1sk: timeSortKey(createdAt, userId),
      }),
      createItemOp({ ...keys.referralCode(code), type: "referralCode", userId, createdAt }),
    ]);
    return "created";
  } catch (error) {
    if (transactionConditionFailed(error, 0)) return "exists";
    if (transactionConditionFailed(error, 1)) return "code_taken";
    throw error;
  }
}

/** The account a code belongs to, or null. */
export async function findReferrerIdByCode(code: string): Promise<string | null> {
  const { Item } = await getItem({ Key: keys.referralCode(code) });
  return typeof Item?.userId === "string" ? Item.userId : null;
}

/** The part of a registration's transaction that records who invited the new account. */
export function referralRegistrationItems(inviterId: string, invitedId: string, now: number): TransactItem[] {
  return [
    createItemOp({
      ...keys.referral(invitedId),
      type: "referral",
      // The invited account: the email the stream makes of a reward is keyed on it (once per invited account).
      id: invitedId,
      inviterId,
      status: "invited" satisfies ReferralStatus,
      createdAt: new Date(now).toISOString(),
    }),
    {
      Update: {
        Key: keys.referrer(inviterId),
        UpdateExpression: "ADD invited :one",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":one": 1 },
      },
    },
  ];
}

export interface ReferralRecord {
  inviterId: string;
  status: ReferralStatus;
  /** The invited account's first credited bid-package payment (set once it is credited). */
  paymentIntentId?: string;
  /** The voucher bids each side got (set when rewarded). */
  bids?: number;
}

const REFERRAL_SCHEMA = z.object({
  inviterId: z.string(),
  status: z.enum(["invited", "paid", "rewarded", "taken_back", "declined"]),
  paymentIntentId: z.optional(z.string()),
  bids: z.optional(z.number()),
}) satisfies z.ZodMiniType<ReferralRecord>;
const _referralKeys: SameKeys<z.infer<typeof REFERRAL_SCHEMA>, ReferralRecord> = true;

export async function getReferral(invitedId: string): Promise<ReferralRecord | null> {
  const { Item } = await getItem({ Key: keys.referral(invitedId), ConsistentRead: true });
  return Item ? parseStoredItem("referral", REFERRAL_SCHEMA, Item) : null;
}

/** What the invited account's first credited payment does to its invitation. */
export type ReferralCreditPlan =
  | { kind: "await_verification" }
  | { kind: "decline"; reason: string }
  | {
      kind: "reward";
      inviterId: string;
      bids: number;
      seenSeq: number;
      rewardTimes: number[];
      /** The inviter's balance and voucher bids as read (the voucher count is reset to what is left of it). */
      inviterSeen: VoucherStanding;
    };

/** A balance and its voucher bids, as read. */
export interface VoucherStanding {
  bidBalance: number;
  voucherBids?: number | undefined;
}

/**
 * The part of a user item's update that adds `add` voucher bids: ADD when the stored count is within the
 * balance; otherwise (voucher bids were spent since) SET to what is left plus `add`, on the balance that
 * was read. Empty when nothing changes.
 */
export function voucherBidsUpdate(seen: VoucherStanding, add: number) {
  const reset = voucherBidsAfter(seen, add);
  if (reset !== null)
    return {
      set: "voucherBids = :vouchers",
      add: "",
      condition: "bidBalance = :seenBalance",
      values: { ":vouchers": reset, ":seenBalance": seen.bidBalance },
    };
  if (add <= 0) return { set: "", add: "", condition: "", values: {} };
  return { set: "", add: "voucherBids :vouchers", condition: "", values: { ":vouchers": add } };
}

/** The referral item moves from `from` (the status it was read in), or the transaction fails. */
function moveReferral(
  invitedId: string,
  from: ReferralStatus,
  to: ReferralStatus,
  set: Record<string, unknown>,
): TransactItem {
  const names: Record<string, string> = { "#status": "status" };
  const values: Record<string, unknown> = { ":from": from, ":to": to };
  const sets = ["#status = :to"];
  for (const [field, value] of Object.entries(set)) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  return {
    Update: {
      Key: keys.referral(invitedId),
      UpdateExpression: `SET ${sets.join(", ")}`,
      ConditionExpression: "#status = :from",
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The items a referral adds to the transaction that credits the invited account's first payment (or,
 * for `rewardInvitedItems`, to the one at its verification): the referral item's move, and for a reward
 * the inviter's side (their voucher bids, received for free, and the referrer item's cap). The invited
 * account's own bids go in that transaction's update of its user item.
 */
export function referralPlanItems(
  invitedId: string,
  from: ReferralStatus,
  paymentIntentId: string,
  plan: ReferralCreditPlan,
  now: number,
): TransactItem[] {
  const at = new Date(now).toISOString();
  if (plan.kind === "await_verification") return [moveReferral(invitedId, from, "paid", { paymentIntentId })];
  if (plan.kind === "decline")
    return [moveReferral(invitedId, from, "declined", { declinedReason: plan.reason, declinedAt: at })];
  return [
    moveReferral(invitedId, from, "rewarded", { paymentIntentId, bids: plan.bids, rewardedAt: at }),
    {
      Update: {
        Key: keys.referrer(plan.inviterId),
        UpdateExpression: "SET rewardTimes = :times, rewardSeq = :next ADD rewarded :one",
        ConditionExpression:
          "attribute_exists(pk) AND (rewardSeq = :seen OR (attribute_not_exists(rewardSeq) AND :seen = :zero))",
        ExpressionAttributeValues: {
          ":times": plan.rewardTimes,
          ":next": plan.seenSeq + 1,
          ":seen": plan.seenSeq,
          ":zero": 0,
          ":one": 1,
        },
      },
    },
    addVoucherBidsItem(plan.inviterId, plan.bids, plan.inviterSeen),
    receiveCreditsItem(plan.inviterId, plan.bids, 0),
  ];
}

/** Voucher bids added to a live account's balance (and to the part of it that is free). */
function addVoucherBidsItem(userId: string, bids: number, seen: VoucherStanding): TransactItem {
  const vouchers = voucherBidsUpdate(seen, bids);
  return {
    Update: {
      Key: keys.user(userId),
      UpdateExpression: [
        vouchers.set ? `SET ${vouchers.set}` : "",
        `ADD bidBalance :bids${vouchers.add ? `, ${vouchers.add}` : ""}`,
      ]
        .filter(Boolean)
        .join(" "),
      ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(deletedAt)${vouchers.condition ? ` AND ${vouchers.condition}` : ""}`,
      ExpressionAttributeValues: { ":bids": bids, ...vouchers.values },
    },
  };
}

/**
 * The reward of an invitation whose first payment was credited before the address was verified: at
 * the verification, both sides at once. False when the referral, the inviter's cap or an account moved
 * since they were read (the caller reads again).
 */
export async function rewardAtVerification(
  invitedId: string,
  paymentIntentId: string,
  plan: ReferralCreditPlan,
  invitedSeen: VoucherStanding,
  now: number,
): Promise<boolean> {
  const items = referralPlanItems(invitedId, "paid", paymentIntentId, plan, now);
  if (plan.kind === "reward")
    items.push(
      addVoucherBidsItem(invitedId, plan.bids, invitedSeen),
      receiveCreditsItem(invitedId, plan.bids, 0),
    );
  return unlessRefused(() => writeTransaction(items));
}

/** Marks an invitation whose first payment was refunded before its reward: it is never rewarded. */
export async function declineAwaitingReferral(
  invitedId: string,
  paymentIntentId: string,
  now: number,
): Promise<boolean> {
  return unlessRefused(() =>
    writeTransaction([
      {
        Update: {
          Key: keys.referral(invitedId),
          UpdateExpression: "SET #status = :to, declinedReason = :reason, declinedAt = :at",
          ConditionExpression: "#status = :from AND paymentIntentId = :pi",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: {
            ":from": "paid",
            ":to": "declined",
            ":reason": "refunded",
            ":at": new Date(now).toISOString(),
            ":pi": paymentIntentId,
          },
        },
      },
    ]),
  );
}

/**
 * Takes a reward back (its first payment was refunded or disputed), as far as each side still holds it
 * unspent: the referral moves to taken_back once, each side loses `take` voucher bids (never below what
 * its balance and its voucher bids hold) and the credits they received. False when something moved
 * since it was read.
 */
export async function takeBackReward(input: {
  invitedId: string;
  paymentIntentId: string;
  takes: { userId: string; take: number }[];
  now: number;
}): Promise<boolean> {
  const items: TransactItem[] = [
    {
      Update: {
        Key: keys.referral(input.invitedId),
        UpdateExpression: "SET #status = :to, takenBackAt = :at",
        ConditionExpression: "#status = :from AND paymentIntentId = :pi",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":from": "rewarded",
          ":to": "taken_back",
          ":at": new Date(input.now).toISOString(),
          ":pi": input.paymentIntentId,
        },
      },
    },
  ];
  for (const { userId, take } of input.takes) {
    if (take <= 0) continue;
    items.push(
      {
        Update: {
          Key: keys.user(userId),
          UpdateExpression: "ADD bidBalance :minus, voucherBids :minus",
          ConditionExpression: "bidBalance >= :take AND voucherBids >= :take",
          ExpressionAttributeValues: { ":minus": -take, ":take": take },
        },
      },
      receiveCreditsItem(userId, -take, 0),
    );
  }
  return unlessRefused(() => writeTransaction(items));
}
