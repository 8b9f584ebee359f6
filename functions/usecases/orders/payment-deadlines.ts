/**
 * The payment deadline sweep (docs/architecture.md, "Payment deadlines"): every due entry of the
 * deadline index gets its step — a reminder 3 days and 1 day before, expiry at the deadline — unless it
 * was paid meanwhile, which only takes it out of the index. The emails follow from the changes on the
 * table's stream (functions/domain/notifications.ts), like every other email.
 */
import { getAuction } from "../../adapters/dynamo/auctions-repo.ts";
import { getAuctionOrders, getOrder } from "../../adapters/dynamo/orders-repo.ts";
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

/** What the entry is now: its deadline and reminders, or null when it no longer waits for a payment. */
async function unpaid(entry: DeadlineEntry): Promise<{ payBy: number; reminders: number } | null> {
  if (entry.kind === "auction") {
    const auction = await getAuction(entry.id);
    if (!auction || auction.status !== "won" || auction.payBy === undefined) return null;
    const order = (await getAuctionOrders([entry.id])).get(entry.id);
    if (order && order.paymentStatus !== "pending") return null;
    return { payBy: auction.payBy, reminders: auction.paymentReminders ?? 0 };
  }
  const order = await getOrder(entry.id);
  if (!order || order.paymentStatus !== "pending" || order.payBy === undefined) return null;
  return { payBy: order.payBy, reminders: order.paymentReminders ?? 0 };
}

export async function sweepPaymentDeadlines(now: number): Promise<SweepResult> {
  const result: SweepResult = { reminded: 0, expired: 0, settled: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await listDuePaymentDeadlines(now, BATCH);
    let progressed = 0;
    for (const entry of due) {
      const state = await unpaid(entry);
      if (!state) {
        // Reminders are not known here; a settled entry is taken out whatever count it has.
        const stored = entry.kind === "auction" ? await getAuction(entry.id) : await getOrder(entry.id);
        if (await writePaymentStep(entry, stored?.paymentReminders ?? 0, { kind: "settled" })) {
          result.settled++;
          progressed++;
        }
        continue;
      }
      const step = duePaymentStep(state.payBy, state.reminders, now);
      if (!step) continue;
      const written = await writePaymentStep(
        entry,
        state.reminders,
        step.kind === "expire"
          ? { kind: "expire", at: now }
          : { kind: "remind", remindersSent: step.remindersSent, payBy: state.payBy },
      );
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
