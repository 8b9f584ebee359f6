/**
 * The payment deadline sweep (docs/architecture.md, "Payment deadlines"): every due entry of the
 * deadline index gets its step — a reminder 3 days and 1 day before, expiry at the deadline — unless it
 * was paid meanwhile, which only takes it out of the index. The emails follow from the changes on the
 * table's stream (functions/domain/notifications.ts), like every other email.
 */
import { getAuction, listWonAuctions } from "../../adapters/dynamo/auctions-repo.ts";
import { getAuctionOrders, getOrder, type OrderRecord } from "../../adapters/dynamo/orders-repo.ts";
import {
  type DeadlineEntry,
  listDuePaymentDeadlines,
  writePaymentStep,
} from "../../adapters/dynamo/payment-deadlines-repo.ts";
import { duePaymentStep } from "../../domain/payment-deadlines.ts";
import { logger } from "../../observability/logger.ts";

export interface SweepResult {
  reminded: number;
  expired: number;
  settled: number;
}

const BATCH = 100;
/** A backlog (a sweep that did not run for a while) is worked through in a few batches per run. */
const MAX_BATCHES = 10;

/**
 * What the entry is now: its reminders so far, and its deadline while it still waits for a payment
 * (null once paid, refunded or gone: it only leaves the index).
 */
async function stateOf(
  entry: DeadlineEntry,
): Promise<{ payBy: number | null; reminders: number; orderId?: string }> {
  if (entry.kind === "auction") {
    const auction = await getAuction(entry.id);
    const order = (await getAuctionOrders([entry.id])).get(entry.id);
    const waiting = auction?.status === "won" && (!order || order.paymentStatus === "pending");
    return {
      payBy: waiting ? (auction.payBy ?? null) : null,
      reminders: auction?.paymentReminders ?? 0,
      ...(order ? { orderId: order.id } : {}),
    };
  }
  const order = await getOrder(entry.id);
  const waiting = order?.paymentStatus === "pending";
  return { payBy: waiting ? (order.payBy ?? null) : null, reminders: order?.paymentReminders ?? 0 };
}

/** Records the expiry of an entry still waiting for its payment; false when it is not (paid, expired, gone). */
async function expireIfWaiting(
  entry: DeadlineEntry,
  state: Awaited<ReturnType<typeof stateOf>>,
  now: number,
): Promise<boolean> {
  return writePaymentStep(entry, state.reminders, {
    kind: "expire",
    at: now,
    ...(state.orderId ? { orderId: state.orderId } : {}),
  });
}

/**
 * A deleted account's unpaid wins and Buy It Now orders expire at once, as their deadline would make
 * them (the terms page, "Deleting your account": not sold, nothing charged; an admin may list the item
 * again). `orders` are the buyer's, already read.
 */
export async function forfeitUnpaidPurchases(
  buyerId: string,
  orders: readonly OrderRecord[],
  now: number,
): Promise<number> {
  const entries: DeadlineEntry[] = [
    ...(await listWonAuctions(buyerId)).map((auction) => ({ kind: "auction" as const, id: auction.id })),
    ...orders.filter((o) => o.kind === "buy_now").map((o) => ({ kind: "order" as const, id: o.id })),
  ];
  let expired = 0;
  for (const entry of entries) {
    const state = await stateOf(entry);
    if (state.payBy !== null && (await expireIfWaiting(entry, state, now))) expired++;
  }
  return expired;
}

export async function sweepPaymentDeadlines(now: number): Promise<SweepResult> {
  const result: SweepResult = { reminded: 0, expired: 0, settled: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await listDuePaymentDeadlines(now, BATCH);
    let progressed = 0;
    for (const entry of due) {
      const state = await stateOf(entry);
      if (state.payBy === null) {
        if (await writePaymentStep(entry, state.reminders, { kind: "settled" })) {
          result.settled++;
          progressed++;
        }
        continue;
      }
      const step = duePaymentStep(state.payBy, state.reminders, now);
      if (!step) continue;
      const written =
        step.kind === "expire"
          ? await expireIfWaiting(entry, state, now)
          : await writePaymentStep(entry, state.reminders, {
              kind: "remind",
              remindersSent: step.remindersSent,
              payBy: state.payBy,
            });
      if (!written) continue;
      progressed++;
      if (step.kind === "expire") result.expired++;
      else result.reminded++;
      logger.info("payment deadline step", { ...entry, step: step.kind });
    }
    if (due.length < BATCH || progressed === 0) break;
  }
  return result;
}
