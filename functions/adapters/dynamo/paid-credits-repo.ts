/**
 * What a user paid for their bid credits (rules in functions/domain/paid-bids.ts), kept on their user
 * item (`USER#id` / `PROFILE`) as three running sums: `paidCents`, `creditsReceived`,
 * `buyNowCreditedCents`. Each moves in the same update as the change it records: a purchase adds its
 * money and credits (purchases-repo.ts), an admin's grant its credits (admin-users-repo.ts), a refund
 * takes its money back (purchases-repo.ts), a Buy It Now adds its credit (buy-now-repo.ts).
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { NO_PAID_CREDITS, type PaidCredits } from "../../domain/paid-bids.ts";
import { db, tableName } from "./client.ts";
import { keys } from "./keys.ts";

/**
 * The SET clause that adds `:received` credits to what the user received. A user from before the sums
 * were kept starts from the balance they held then: credits received, paid for by nothing recorded.
 * Evaluated on the item as it was before the update, so it may stand beside `ADD bidBalance`.
 */
export const RECEIVE_CREDITS = "creditsReceived = if_not_exists(creditsReceived, bidBalance) + :received";

const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export function paidCreditsOf(item: Record<string, unknown> | undefined): PaidCredits {
  if (!item) return NO_PAID_CREDITS;
  return {
    paidCents: number(item.paidCents),
    creditsReceived: number(item.creditsReceived),
    creditedCents: number(item.buyNowCreditedCents),
  };
}

/** The user's sums, read consistently (a credit right after a purchase counts it). */
export async function readPaidCredits(userId: string): Promise<PaidCredits> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      ConsistentRead: true,
      ProjectionExpression: "paidCents, creditsReceived, buyNowCreditedCents",
    }),
  );
  return paidCreditsOf(Item);
}

/**
 * The user item's part in a Buy It Now transaction: the credit is added to what was credited, on the
 * condition that the money paid and the credit used are still those it was worked out from (a refund
 * or another Buy It Now meanwhile makes the transaction fail, to be decided again).
 */
export function creditBuyNowItem(userId: string, seen: PaidCredits, creditCents: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: "ADD buyNowCreditedCents :credit",
      ConditionExpression:
        "attribute_exists(pk) AND (paidCents = :paid OR (attribute_not_exists(paidCents) AND :paid = :zero)) AND (buyNowCreditedCents = :credited OR (attribute_not_exists(buyNowCreditedCents) AND :credited = :zero))",
      ExpressionAttributeValues: {
        ":credit": creditCents,
        ":paid": seen.paidCents,
        ":credited": seen.creditedCents,
        ":zero": 0,
      },
    },
  };
}
