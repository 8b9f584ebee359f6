/**
 * The payment deadline index (gsi4 `PAYDUE`): unpaid wins (their auction items) and unpaid Buy It Now
 * orders, sorted by the time of their next step (a reminder, then the deadline). The sweep queries
 * only the entries already due, never the table; each step moves the entry's sort key to the next one,
 * and expiry or payment takes it out (an expired win to the admin's `PAYEXPIRED` list instead).
 */
import { QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { nextPaymentStepAt } from "../../domain/payment-deadlines.ts";
import { db, tableName } from "./client.ts";
import { conditionFailed, transactionConditionFailed } from "./conditions.ts";
import { indexKeys, keys, timeSortKey } from "./keys.ts";
import { transactRetryingConflicts } from "./transact.ts";

/** The index attributes of an entry whose deadline is `payBy`, with `remindersSent` reminders gone. */
export function paymentDeadlineIndex(id: string, payBy: number, remindersSent: number) {
  return {
    gsi4pk: indexKeys.paymentDeadlines(),
    gsi4sk: timeSortKey(new Date(nextPaymentStepAt(payBy, remindersSent)).toISOString(), id),
  };
}

export type DeadlineEntry = { kind: "auction"; id: string } | { kind: "order"; id: string };

const AUCTION_PREFIX = keys.auction("").pk;
const ORDER_PREFIX = keys.order("").pk;

/** The entries whose next step is due at `now`, oldest first, at most `limit`. */
export async function listDuePaymentDeadlines(now: number, limit = 100): Promise<DeadlineEntry[]> {
  // "~" sorts after every "#<id>" suffix, so every entry due at exactly `now` is included.
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: "gsi4",
      KeyConditionExpression: "gsi4pk = :p AND gsi4sk <= :due",
      ExpressionAttributeValues: {
        ":p": indexKeys.paymentDeadlines(),
        ":due": `${new Date(now).toISOString()}~`,
      },
      Limit: limit,
    }),
  );
  return Items.flatMap((item): DeadlineEntry[] => {
    const pk = String(item.pk);
    if (pk.startsWith(AUCTION_PREFIX)) return [{ kind: "auction", id: pk.slice(AUCTION_PREFIX.length) }];
    if (pk.startsWith(ORDER_PREFIX)) return [{ kind: "order", id: pk.slice(ORDER_PREFIX.length) }];
    return [];
  });
}

const keyOf = (entry: DeadlineEntry) =>
  entry.kind === "auction" ? keys.auction(entry.id) : keys.order(entry.id);

export type PaymentStepWrite =
  | { kind: "remind"; remindersSent: number; payBy: number }
  /** `orderId`: the unpaid order of a win, stamped expired with it. */
  | { kind: "expire"; at: number; orderId?: string }
  | { kind: "settled" };

/**
 * Records a step, only if the entry is still where the sweep read it (same reminders, still indexed):
 * a reminder counts up and moves the entry to its next step; expiry stamps paymentExpiredAt and takes
 * it out (a win moves to the expired list, `PAYEXPIRED`, until an admin lists it again; a win's unpaid
 * order is stamped too, in the same transaction, so the order's own views and payment
 * see it; a payment landing first cancels both); "settled" (paid meanwhile) only takes it out. False
 * when another sweep or a payment got there first.
 */
export async function writePaymentStep(
  entry: DeadlineEntry,
  seenReminders: number,
  step: PaymentStepWrite,
): Promise<boolean> {
  const next = step.kind === "remind" ? paymentDeadlineIndex(entry.id, step.payBy, step.remindersSent) : null;
  const at = step.kind === "expire" ? new Date(step.at).toISOString() : null;
  const update = {
    TableName: tableName(),
    Key: keyOf(entry),
    UpdateExpression:
      step.kind === "remind"
        ? "SET paymentReminders = :sent, gsi4sk = :next"
        : step.kind === "expire" && entry.kind === "auction"
          ? "SET paymentExpiredAt = :at, gsi4pk = :expired, gsi4sk = :expiredSk"
          : step.kind === "expire"
            ? "SET paymentExpiredAt = :at REMOVE gsi4pk, gsi4sk"
            : "REMOVE gsi4pk, gsi4sk",
    ConditionExpression:
      "gsi4pk = :due AND (paymentReminders = :seen OR (attribute_not_exists(paymentReminders) AND :seen = :zero))",
    ExpressionAttributeValues: {
      ":due": indexKeys.paymentDeadlines(),
      ":seen": seenReminders,
      ":zero": 0,
      // An expired win waits on the admin's list (to be listed again) under the same index.
      ...(at && entry.kind === "auction"
        ? { ":expired": indexKeys.expiredWins(), ":expiredSk": timeSortKey(at, entry.id) }
        : {}),
      ...(next && step.kind === "remind" ? { ":sent": step.remindersSent, ":next": next.gsi4sk } : {}),
      ...(at ? { ":at": at } : {}),
    },
  };
  if (step.kind === "expire" && step.orderId) {
    const order = {
      TableName: tableName(),
      Key: keys.order(step.orderId),
      UpdateExpression: "SET paymentExpiredAt = :at",
      ConditionExpression: "paymentStatus = :pending AND attribute_not_exists(paymentExpiredAt)",
      ExpressionAttributeValues: { ":at": at, ":pending": "pending" },
    };
    const outcome = await transactRetryingConflicts([{ Update: update }, { Update: order }], {
      attempts: 3,
      delayStepMs: 20,
      refused: (error) => (transactionConditionFailed(error) ? ("refused" as const) : undefined),
    });
    return outcome === "written";
  }
  try {
    await db.send(new UpdateCommand(update));
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}
