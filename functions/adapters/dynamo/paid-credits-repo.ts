/**
 * What a user paid for their bid credits (rules in functions/domain/paid-bids.ts): one item per user,
 * `PAIDCREDITS#<userId>` / `SUMS`, with three running sums: `paidCents`, `creditsReceived`,
 * `buyNowCreditedCents`. Each moves in the same transaction as the change it records: a purchase adds
 * its money and credits (purchases-repo.ts), a sign-up balance or an admin's grant its credits
 * (users-repo.ts, admin-users-repo.ts), a refund takes its money back (purchases-repo.ts), a Buy It
 * Now adds its credit (buy-now-repo.ts). No item: nothing paid, nothing received.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { NO_PAID_CREDITS, type PaidCredits } from "../../domain/paid-bids.ts";
import { db, tableName } from "./client.ts";
import { batchGetItems } from "./index-lists.ts";
import { keys } from "./keys.ts";

const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The user's sums, read consistently (a credit right after a purchase counts it). */
export async function readPaidCredits(userId: string): Promise<PaidCredits> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.paidCredits(userId), ConsistentRead: true }),
  );
  return Item ? paidCreditsOf(Item) : NO_PAID_CREDITS;
}

const paidCreditsOf = (item: Record<string, unknown>): PaidCredits => ({
  paidCents: number(item.paidCents),
  creditsReceived: number(item.creditsReceived),
  creditedCents: number(item.buyNowCreditedCents),
});

/** Several users' sums at once (BatchGet, consistent); a user with no item paid nothing. */
export async function readPaidCreditsOf(userIds: readonly string[]): Promise<Map<string, PaidCredits>> {
  const items = await batchGetItems(
    userIds.map((id) => keys.paidCredits(id)),
    { consistent: true, attributes: ["paidCents", "creditsReceived", "buyNowCreditedCents"] },
  );
  const byKey = new Map(items.map((item) => [`${item.pk}`, paidCreditsOf(item)]));
  return new Map(userIds.map((id) => [id, byKey.get(keys.paidCredits(id).pk) ?? NO_PAID_CREDITS]));
}

/**
 * A transaction's item that records `credits` received for `paidCents` (0 for free credits), or takes
 * money back when `paidCents` is negative (a refund).
 */
export function receiveCreditsItem(userId: string, credits: number, paidCents: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.paidCredits(userId),
      UpdateExpression: "SET #type = :type ADD creditsReceived :credits, paidCents :paid",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":type": "paidCredits", ":credits": credits, ":paid": paidCents },
    },
  };
}

/**
 * The sums' part in a Buy It Now transaction: the credit is added to what was credited, on the
 * condition that the money paid and the credit used are still those it was worked out from (a refund
 * or another Buy It Now meanwhile fails the transaction, to be decided again).
 */
export function creditBuyNowItem(userId: string, seen: PaidCredits, creditCents: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.paidCredits(userId),
      UpdateExpression: "ADD buyNowCreditedCents :credit",
      ConditionExpression:
        "paidCents = :paid AND (buyNowCreditedCents = :credited OR (attribute_not_exists(buyNowCreditedCents) AND :credited = :zero))",
      ExpressionAttributeValues: {
        ":credit": creditCents,
        ":paid": seen.paidCents,
        ":credited": seen.creditedCents,
        ":zero": 0,
      },
    },
  };
}
