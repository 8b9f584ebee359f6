/**
 * Orders: item `ORDER#id` / `PROFILE` (docs/architecture.md sections 3 and 6).
 *
 *  - One order per auction: the guard `AUCTION#<auctionId>` / `ORDER` is written under
 *    attribute_not_exists in the same transaction as the order.
 *  - Paid exactly once: `ORDERPAYMENT#<paymentIntentId>` / `PAYMENT` is written under
 *    attribute_not_exists in the same transaction that marks the order paid.
 *  - Lists: gsi2 `SELLER#<sellerId>#ORDERS` (the seller's), gsi3 `USER#<buyerId>#ORDERS` (the buyer's),
 *    newest first. Neither key ever changes, so a payment or shipping update writes no index entry.
 *
 * The order keeps a snapshot of the product, the seller's business name and the buyer's username and
 * email taken at checkout, so its lists are one Query + one BatchGet and stay readable if a user goes.
 */
import {
  METAL_TYPES,
  type MetalType,
  PAYMENT_STATUSES,
  type PaymentStatus,
  SHIPPING_STATUSES,
  type ShippingStatus,
} from "#shared/constants";
import type { Page, PageRequest } from "#shared/schemas/pages";
import * as z from "#shared/schemas/zod";
import type { SpendTally } from "../../domain/limits.ts";
import type { OrderPayment, ShippingState } from "../../domain/orders.ts";
import { stillPayable } from "../../domain/payment-deadlines.ts";
import { getItem } from "./commands.ts";
import {
  putUnlessRefused,
  transactionConditionFailed,
  updatedUnlessRefused,
  updateUnlessRefused,
} from "./conditions.ts";
import { batchGetItems, listByIndex } from "./index-lists.ts";
import { listIndexPage } from "./index-pages.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, itemHead, keys, timeSortKey } from "./keys.ts";
import { paymentDeadlineIndex } from "./payment-deadlines-repo.ts";
import { shipDeadlineIndex } from "./ship-by-repo.ts";
import { createItemOp, transactRetryingConflicts } from "./transact.ts";

export type OrderKind = "auction" | "buy_now";

export interface OrderRecord {
  id: string;
  /** "auction": the winner's checkout; "buy_now": a Buy It Now order. */
  kind: OrderKind;
  /** A Buy It Now order: the retail price and the bids credited against it. */
  buyNow?: { retailPriceCents: number; bidsCredited: number; creditCents: number };
  auctionId: string;
  /** The buyer's bids on the auction when ordering and their value then: the all-in cost's other part. */
  bidsSpent?: number;
  bidsValueCents?: number;
  buyerId: string;
  sellerId: string;
  /** The seller's user: the one user who may update shipping. */
  sellerUserId: string;
  finalPriceCents: number;
  paymentStatus: PaymentStatus;
  shippingStatus: ShippingStatus;
  /** Absent on orders placed without a recipient's name. */
  shippingName?: string;
  shippingAddress: string;
  shippingCity: string;
  shippingState: string;
  shippingZip: string;
  shippingCountry: string;
  trackingNumber?: string;
  /**
   * The payment deadline (ms epoch): a win's, copied from its auction, or a Buy It Now order's own
   * (which joins the deadline index while unpaid). Absent on orders placed before deadlines.
   */
  payBy?: number;
  paymentReminders?: number;
  /** ISO time an unpaid order expired at its deadline (a win's order with its auction). */
  paymentExpiredAt?: string;
  /** Set with `paymentExpiredAt` when the winner exchanged the win for its bids: the bids that came back. */
  exchangedBids?: number;
  /** The ship-by moment (ms epoch), set when paid (domain/ship-by.ts), and the seller's reminders so far. */
  shipBy?: number;
  shipReminders?: number;
  /** ISO time its buyer cancelled it past `shipBy`; the bids given back then. */
  cancelledAt?: string;
  bidsReturned?: number;
  refundedAt?: string;
  stripePaymentIntentId?: string;
  /** The latest PaymentIntent created for it, so a read can ask the provider whether it succeeded. */
  lastPaymentIntentId?: string;
  paidAt?: string;
  shippedAt?: string;
  deliveredAt?: string;
  createdAt: string;
  auction: { id: string; endsAt: number; totalBids: number };
  product: {
    id: string;
    name: string;
    description: string;
    imageUrl: string;
    metalType: MetalType;
    /** As the product gave them (its fine content is derived from them); absent when it gave none. */
    weight?: string;
    purity?: string;
  };
  seller: { id: string; businessName: string };
  buyer: { id: string; username: string; email: string };
}

const ORDER_SCHEMA = z.object({
  id: z.string(),
  kind: z.enum(["auction", "buy_now"]),
  buyNow: z.optional(
    z.object({ retailPriceCents: z.number(), bidsCredited: z.number(), creditCents: z.number() }),
  ),
  auctionId: z.string(),
  bidsSpent: z.optional(z.number()),
  bidsValueCents: z.optional(z.number()),
  buyerId: z.string(),
  sellerId: z.string(),
  sellerUserId: z.string(),
  finalPriceCents: z.number(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  shippingStatus: z.enum(SHIPPING_STATUSES),
  shippingName: z.optional(z.string()),
  shippingAddress: z.string(),
  shippingCity: z.string(),
  shippingState: z.string(),
  shippingZip: z.string(),
  shippingCountry: z.string(),
  trackingNumber: z.optional(z.string()),
  payBy: z.optional(z.number()),
  paymentReminders: z.optional(z.number()),
  paymentExpiredAt: z.optional(z.string()),
  exchangedBids: z.optional(z.number()),
  shipBy: z.optional(z.number()),
  shipReminders: z.optional(z.number()),
  cancelledAt: z.optional(z.string()),
  bidsReturned: z.optional(z.number()),
  refundedAt: z.optional(z.string()),
  stripePaymentIntentId: z.optional(z.string()),
  lastPaymentIntentId: z.optional(z.string()),
  paidAt: z.optional(z.string()),
  shippedAt: z.optional(z.string()),
  deliveredAt: z.optional(z.string()),
  createdAt: z.string(),
  auction: z.object({ id: z.string(), endsAt: z.number(), totalBids: z.number() }),
  product: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    metalType: z.enum(METAL_TYPES),
    weight: z.optional(z.string()),
    purity: z.optional(z.string()),
  }),
  seller: z.object({ id: z.string(), businessName: z.string() }),
  buyer: z.object({ id: z.string(), username: z.string(), email: z.string() }),
}) satisfies z.ZodMiniType<OrderRecord>;
const _orderKeys: SameKeys<z.infer<typeof ORDER_SCHEMA>, OrderRecord> = true;
const _orderProductKeys: SameKeys<z.infer<typeof ORDER_SCHEMA>["product"], OrderRecord["product"]> = true;

/** An order payment's item (`ORDERPAYMENT#<paymentIntentId>`): the order it paid, or why it was refused. */
const ORDER_PAYMENT_SCHEMA = z.object({ orderId: z.string(), refusal: z.optional(z.string()) });

export function orderItem(order: OrderRecord) {
  const sortKey = timeSortKey(order.createdAt, order.id);
  return {
    ...itemHead(keys.order(order.id), "order", {
      gsi2: [indexKeys.sellerOrders(order.sellerId), sortKey],
      gsi3: [indexKeys.buyerOrders(order.buyerId), sortKey],
    }),
    // A Buy It Now order waits in the deadline index until paid; a win's order is followed on its auction.
    ...(order.kind === "buy_now" && order.paymentStatus === "pending" && order.payBy !== undefined
      ? paymentDeadlineIndex(order.id, order.payBy, order.paymentReminders ?? 0)
      : {}),
    ...order,
  };
}

const toOrder = (item: Record<string, unknown>): OrderRecord => parseStoredItem("order", ORDER_SCHEMA, item);

const ORDER_RETRY = { attempts: 6, delayStepMs: 10 };

/** Writes the order and its auction's guard together; "exists" when the auction already has an order. */
export async function createOrder(order: OrderRecord): Promise<"created" | "exists"> {
  const transactItems = [
    createItemOp({ ...keys.orderGuard(order.auctionId), type: "orderGuard", orderId: order.id }),
    createItemOp(orderItem(order)),
  ];
  // Two checkouts of one auction at the same instant: the retry's condition settles which won.
  const outcome = await transactRetryingConflicts(transactItems, {
    ...ORDER_RETRY,
    refused: (error) => (transactionConditionFailed(error, 0) ? ("exists" as const) : undefined),
  });
  return outcome === "written" ? "created" : outcome;
}

/** The checkout orders of these auctions (through each auction's order guard), keyed by auction id. */
export async function getAuctionOrders(auctionIds: readonly string[]): Promise<Map<string, OrderRecord>> {
  if (auctionIds.length === 0) return new Map();
  const guards = await batchGetItems(
    auctionIds.map((id) => keys.orderGuard(id)),
    { consistent: true },
  );
  const orderIds = guards.map((guard) => guard.orderId).filter((id): id is string => typeof id === "string");
  const orders = (
    await batchGetItems(
      orderIds.map((id) => keys.order(id)),
      { consistent: true },
    )
  ).map(toOrder);
  return new Map(orders.map((order) => [order.auctionId, order]));
}

export async function getOrder(id: string): Promise<OrderRecord | null> {
  const { Item } = await getItem({ Key: keys.order(id), ConsistentRead: true });
  return Item ? toOrder(Item) : null;
}

/** Index page options of the lists that show the newest first. */
const NEWEST_ORDERS = { itemKey: keys.order, newestFirst: true, toRecord: toOrder };

export async function listBuyerOrdersPage(buyerId: string, page: PageRequest): Promise<Page<OrderRecord>> {
  return listIndexPage("gsi3", [indexKeys.buyerOrders(buyerId)], page, NEWEST_ORDERS);
}

export async function listSellerOrdersPage(sellerId: string, page: PageRequest): Promise<Page<OrderRecord>> {
  return listIndexPage("gsi2", [indexKeys.sellerOrders(sellerId)], page, NEWEST_ORDERS);
}

export async function listBuyerOrders(buyerId: string): Promise<OrderRecord[]> {
  return (await listByIndex("gsi3", indexKeys.buyerOrders(buyerId), { newestFirst: true })).map(toOrder);
}

/** The late orders and those cancelled for it (gsi4 `SHIPLATE`), the longest overdue first. */
export async function listLateOrders(): Promise<OrderRecord[]> {
  return (await listByIndex("gsi4", indexKeys.lateOrders())).map(toOrder);
}

export async function listSellerOrders(sellerId: string): Promise<OrderRecord[]> {
  return (await listByIndex("gsi2", indexKeys.sellerOrders(sellerId), { newestFirst: true })).map(toOrder);
}

export type MarkPaidOutcome =
  | "paid"
  | "already_paid"
  | "order_missing"
  | "not_payable"
  | "expired"
  | "user_changed";

/**
 * A Buy It Now payment moves its buyer's spending tally as a bid-package credit does
 * (purchases-repo.ts): only over the tally it was checked against (`spendSeq` = `seenSeq`) and only
 * while the buyer is not self-excluded, in the same transaction as the order's paid step.
 */
export interface OrderSpending {
  seenSeq: number;
  tally: SpendTally;
}

/**
 * THE idempotent paid step of orders: one transaction writes ORDERPAYMENT#<paymentIntentId> under
 * attribute_not_exists and sets the order paid — only if it is still pending, belongs to the payer and
 * costs exactly what was paid. However often and however concurrently the webhook arrives, the order
 * is marked paid once. "not_payable": the order was already paid by another payment, or the amount or
 * buyer do not match; "expired": it is still unpaid but its payment deadline passed before `now`
 * (either is money someone has to refund).
 */
export async function markOrderPaidOnce(
  payment: OrderPayment,
  now: number,
  shipBy: number,
  spending?: OrderSpending,
): Promise<MarkPaidOutcome> {
  const paidAt = new Date(now).toISOString();
  // Paid, it waits for its seller to ship: the deadline index now follows its ship-by steps.
  const shipIndex = shipDeadlineIndex(payment.orderId, shipBy, 0);
  const transactItems: Array<Parameters<typeof transactRetryingConflicts>[0][number]> = [
    createItemOp({
      ...keys.orderPayment(payment.paymentIntentId),
      type: "orderPayment",
      orderId: payment.orderId,
      amountCents: payment.amountCents,
      createdAt: paidAt,
    }),
    {
      Update: {
        Key: keys.order(payment.orderId),
        UpdateExpression:
          "SET paymentStatus = :paid, paidAt = :paidAt, stripePaymentIntentId = :intent, shipBy = :shipBy, gsi4pk = :shipDue, gsi4sk = :shipStep",
        ConditionExpression:
          "attribute_exists(pk) AND paymentStatus = :pending AND finalPriceCents = :amount AND buyerId = :buyer" +
          // The deadline is checked in the same write, so a payment cannot slip in after the sweep read it unpaid.
          " AND attribute_not_exists(paymentExpiredAt) AND (attribute_not_exists(payBy) OR payBy > :now)",
        ExpressionAttributeValues: {
          ":paid": "paid",
          ":now": now,
          ":pending": "pending",
          ":paidAt": paidAt,
          ":intent": payment.paymentIntentId,
          ":shipBy": shipBy,
          ":shipDue": shipIndex.gsi4pk,
          ":shipStep": shipIndex.gsi4sk,
          ":amount": payment.amountCents,
          ":buyer": payment.buyerId,
        },
      },
    },
  ];
  if (spending) {
    transactItems.push({
      Update: {
        Key: keys.user(payment.buyerId),
        UpdateExpression: "SET spendTally = :tally, spendSeq = :next",
        ConditionExpression:
          "attribute_exists(pk) AND (spendSeq = :seen OR (attribute_not_exists(spendSeq) AND :seen = :zero)) AND (attribute_not_exists(selfExcludedUntil) OR selfExcludedUntil <= :now)",
        ExpressionAttributeValues: {
          ":tally": spending.tally,
          ":seen": spending.seenSeq,
          ":next": spending.seenSeq + 1,
          ":zero": 0,
          ":now": now,
        },
      },
    });
  }
  const outcome = await transactRetryingConflicts(transactItems, {
    ...ORDER_RETRY,
    conflictWithin: transactItems.length,
    refused: async (error): Promise<MarkPaidOutcome | undefined> => {
      if (transactionConditionFailed(error, 0)) return "already_paid";
      if (spending && transactionConditionFailed(error, 2)) return "user_changed";
      if (transactionConditionFailed(error, 1)) {
        const order = await getOrder(payment.orderId);
        if (!order) return "order_missing";
        return order.paymentStatus === "pending" && !stillPayable(order, now) ? "expired" : "not_payable";
      }
      return undefined;
    },
  });
  return outcome === "written" ? "paid" : outcome;
}

/**
 * Makes the PaymentIntent just created the order's one open payment, only over the one that was read
 * (`seen`) and while the order is pending: false when another request recorded its own meanwhile or
 * the order is no longer pending.
 */
export async function recordPaymentIntent(
  orderId: string,
  paymentIntentId: string,
  seen: string | null,
): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.order(orderId),
    UpdateExpression: "SET lastPaymentIntentId = :intent",
    ConditionExpression: `attribute_exists(pk) AND paymentStatus = :pending AND ${
      seen ? "lastPaymentIntentId = :seen" : "attribute_not_exists(lastPaymentIntentId)"
    }`,
    ExpressionAttributeValues: {
      ":intent": paymentIntentId,
      ":pending": "pending",
      ...(seen ? { ":seen": seen } : {}),
    },
  });
}

/**
 * Writes a new shipping state, only if the order still has the shipping status it was read with
 * (the stamps were computed from it) and still belongs to `sellerUserId`. Returns the updated
 * order, or null when the condition failed (the caller re-reads).
 */
export async function writeShippingState(
  order: Pick<
    OrderRecord,
    "id" | "shippingStatus" | "sellerUserId" | "paymentStatus" | "shipBy" | "shipReminders"
  >,
  next: ShippingState,
): Promise<OrderRecord | null> {
  const sets = ["shippingStatus = :status"];
  const removes: string[] = [];
  const extra: Record<string, unknown> = {};
  // Shipped, a paid order leaves the ship-by index (and the late list); set back to pending, it waits again.
  const waits = order.paymentStatus === "paid" && order.shipBy !== undefined;
  if (waits && next.shippingStatus === "pending") {
    const index = shipDeadlineIndex(order.id, order.shipBy ?? 0, order.shipReminders ?? 0);
    sets.push("gsi4pk = :shipDue", "gsi4sk = :shipStep");
    Object.assign(extra, { ":shipDue": index.gsi4pk, ":shipStep": index.gsi4sk });
  } else if (waits) {
    removes.push("gsi4pk", "gsi4sk");
  }
  const values: Record<string, unknown> = {
    ":status": next.shippingStatus,
    ":seen": order.shippingStatus,
    ":seller": order.sellerUserId,
    ...extra,
  };
  for (const field of ["trackingNumber", "shippedAt", "deliveredAt"] as const) {
    const value = next[field];
    if (value) {
      sets.push(`${field} = :${field}`);
      values[`:${field}`] = value;
    } else {
      removes.push(field);
    }
  }
  const item = await updatedUnlessRefused({
    Key: keys.order(order.id),
    UpdateExpression: `SET ${sets.join(", ")}${removes.length ? ` REMOVE ${removes.join(", ")}` : ""}`,
    // A cancelled order never ships: this and the buyer's cancel each check the other (ship-by-repo.ts).
    ConditionExpression:
      "attribute_exists(pk) AND shippingStatus = :seen AND sellerUserId = :seller AND attribute_not_exists(cancelledAt)",
    ExpressionAttributeValues: values,
  });
  return item ? toOrder(item) : null;
}

/**
 * Records that a succeeded Buy It Now payment is refused (self-exclusion or a spending limit when it
 * landed) under the key its paid step takes, so it can never mark the order paid later; no index
 * entry, and the order is untouched. "exists" when it was paid or refused already.
 */
export async function refuseOrderPayment(
  payment: OrderPayment,
  refusal: string,
  now: number,
): Promise<"refused" | "exists"> {
  const refused = await putUnlessRefused({
    Item: {
      ...keys.orderPayment(payment.paymentIntentId),
      type: "refusedOrderPayment",
      orderId: payment.orderId,
      amountCents: payment.amountCents,
      refusal,
      createdAt: new Date(now).toISOString(),
    },
    ConditionExpression: "attribute_not_exists(pk)",
  });
  return refused ? "refused" : "exists";
}

/** What became of an order payment: it paid its order, it was refused (why), or nothing yet (null). */
export async function orderPaymentState(
  paymentIntentId: string,
): Promise<"paid" | { refusal: string } | null> {
  const { Item } = await getItem({ Key: keys.orderPayment(paymentIntentId), ConsistentRead: true });
  if (!Item) return null;
  const { refusal } = parseStoredItem("orderPayment", ORDER_PAYMENT_SCHEMA, Item);
  return refusal === undefined ? "paid" : { refusal };
}

/** The order a payment paid, through its `ORDERPAYMENT#<paymentIntentId>` item; null when none did. */
export async function findOrderIdByPayment(paymentIntentId: string): Promise<string | null> {
  const { Item } = await getItem({ Key: keys.orderPayment(paymentIntentId), ConsistentRead: true });
  return Item ? parseStoredItem("orderPayment", ORDER_PAYMENT_SCHEMA, Item).orderId : null;
}

/**
 * A paid order whose money went back: `refunded` or `disputed` (a dispute outranks a refund: once
 * disputed it stays so). Setting the same status again changes nothing.
 */
export async function markOrderReversed(
  orderId: string,
  status: "refunded" | "disputed",
  now: number,
): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.order(orderId),
    UpdateExpression: `SET paymentStatus = :status, ${status === "refunded" ? "refundedAt" : "disputedAt"} = if_not_exists(${status === "refunded" ? "refundedAt" : "disputedAt"}, :at)`,
    ConditionExpression:
      status === "disputed"
        ? "attribute_exists(pk) AND paymentStatus IN (:paid, :refunded, :disputed)"
        : "attribute_exists(pk) AND paymentStatus IN (:paid, :refunded)",
    ExpressionAttributeValues: {
      ":status": status,
      ":at": new Date(now).toISOString(),
      ":paid": "paid",
      ":refunded": "refunded",
      ...(status === "disputed" ? { ":disputed": "disputed" } : {}),
    },
  });
}
