/**
 * The ship-by index (gsi4 `SHIPDUE`): paid orders not shipped yet, sorted by the time of their next
 * step (a reminder to the seller, then the ship-by moment). The sweep queries only the entries already
 * due; a reminder moves the entry's sort key to the next step, the ship-by moment moves it to the
 * admin's late list (`SHIPLATE`), and shipping takes it out. The buyer's cancel of a late order is one
 * transaction with the bids it gives back, conditioned on the order not shipped; the seller's shipping
 * write is conditioned on it not cancelled (orders-repo.ts writeShippingState): one of the two wins.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { nextShipStepAt } from "../../domain/ship-by.ts";
import { db, tableName } from "./client.ts";
import { transactionConditionFailed, updateUnlessRefused } from "./conditions.ts";
import { indexKeys, keys, timeSortKey } from "./keys.ts";
import { receiveCreditsItem } from "./paid-credits-repo.ts";
import { type TransactItem, transactRetryingConflicts } from "./transact.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/** The index attributes of a paid order whose ship-by moment is `shipBy`, with `remindersSent` reminders gone. */
export function shipDeadlineIndex(orderId: string, shipBy: number, remindersSent: number) {
  return {
    gsi4pk: indexKeys.shipDeadlines(),
    gsi4sk: timeSortKey(iso(nextShipStepAt(shipBy, remindersSent)), orderId),
  };
}

const ORDER_PREFIX = keys.order("").pk;

/** The ids of the orders whose next ship-by step is due at `now`, oldest first, at most `limit`. */
export async function listDueShipSteps(now: number, limit = 100): Promise<string[]> {
  // "~" sorts after every "#<id>" suffix, so every entry due at exactly `now` is included.
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: "gsi4",
      KeyConditionExpression: "gsi4pk = :p AND gsi4sk <= :due",
      ExpressionAttributeValues: { ":p": indexKeys.shipDeadlines(), ":due": `${iso(now)}~` },
      Limit: limit,
    }),
  );
  return Items.map((item) => String(item.pk))
    .filter((pk) => pk.startsWith(ORDER_PREFIX))
    .map((pk) => pk.slice(ORDER_PREFIX.length));
}

export type ShipStepWrite =
  | { kind: "remind"; remindersSent: number; shipBy: number }
  | { kind: "late"; shipBy: number };

/**
 * Records a step, only if the order is still where the sweep read it (same reminders, still waiting,
 * not shipped): a reminder counts up and moves the entry to its next step; late moves it to the
 * admin's list. False when another sweep, a shipment or a cancel got there first.
 */
export async function writeShipStep(
  orderId: string,
  seenReminders: number,
  step: ShipStepWrite,
): Promise<boolean> {
  const next = step.kind === "remind" ? shipDeadlineIndex(orderId, step.shipBy, step.remindersSent) : null;
  return updateUnlessRefused({
    Key: keys.order(orderId),
    UpdateExpression:
      step.kind === "remind"
        ? "SET shipReminders = :sent, gsi4sk = :next"
        : "SET gsi4pk = :late, gsi4sk = :lateSk",
    ConditionExpression:
      "gsi4pk = :due AND shippingStatus = :pending AND (shipReminders = :seen OR (attribute_not_exists(shipReminders) AND :seen = :zero))",
    ExpressionAttributeValues: {
      ":due": indexKeys.shipDeadlines(),
      ":pending": "pending",
      ":seen": seenReminders,
      ":zero": 0,
      ...(next && step.kind === "remind"
        ? { ":sent": step.remindersSent, ":next": next.gsi4sk }
        : { ":late": indexKeys.lateOrders(), ":lateSk": timeSortKey(iso(step.shipBy), orderId) }),
    },
  });
}

export type CancelOutcome = "cancelled" | "refused";

/**
 * The buyer's cancel of a late order, once: one transaction stamps the order cancelled (only while it
 * is the buyer's, paid, not shipped, not cancelled, and its ship-by moment passed at `now`), lists it
 * on the admin's late list, and gives the buyer `bidsBack` free bids. "refused" when any condition
 * failed (the caller re-reads to say which).
 */
export async function cancelLateOrderOnce(
  order: { id: string; buyerId: string; shipBy: number },
  bidsBack: number,
  now: number,
): Promise<CancelOutcome> {
  const items: TransactItem[] = [
    {
      Update: {
        Key: keys.order(order.id),
        UpdateExpression: "SET cancelledAt = :at, bidsReturned = :bids, gsi4pk = :late, gsi4sk = :lateSk",
        ConditionExpression:
          "attribute_exists(pk) AND buyerId = :buyer AND paymentStatus = :paid AND shippingStatus = :pending" +
          " AND attribute_not_exists(cancelledAt) AND shipBy <= :now",
        ExpressionAttributeValues: {
          ":at": iso(now),
          ":bids": bidsBack,
          ":late": indexKeys.lateOrders(),
          ":lateSk": timeSortKey(iso(order.shipBy), order.id),
          ":buyer": order.buyerId,
          ":paid": "paid",
          ":pending": "pending",
          ":now": now,
        },
      },
    },
  ];
  if (bidsBack > 0) {
    items.push(
      {
        Update: {
          Key: keys.user(order.buyerId),
          UpdateExpression: "ADD bidBalance :bids",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":bids": bidsBack },
        },
      },
      // Given back for free: credits received and no money, as an admin's grant.
      receiveCreditsItem(order.buyerId, bidsBack, 0),
    );
  }
  return transactRetryingConflicts(items, {
    attempts: 6,
    delayStepMs: 10,
    refused: (error) => (transactionConditionFailed(error) ? ("refused" as const) : undefined),
  }).then((outcome) => (outcome === "written" ? "cancelled" : outcome));
}

/** The refund of a cancelled order went through: it reads refunded from now on. False when it already does. */
export async function markCancelledOrderRefunded(orderId: string, now: number): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.order(orderId),
    UpdateExpression: "SET paymentStatus = :refunded, refundedAt = if_not_exists(refundedAt, :at)",
    ConditionExpression: "attribute_exists(cancelledAt) AND paymentStatus = :paid",
    ExpressionAttributeValues: { ":refunded": "refunded", ":paid": "paid", ":at": iso(now) },
  });
}
