import { addCountersOnce, markActiveBidder } from "../../adapters/dynamo/stats-repo.ts";
import { statsEffectOf } from "../../domain/stats.ts";

/**
 * Applies one stream record to the aggregates exactly once however often it is delivered: its counters
 * go in one transaction with a guard item keyed by the record's eventID; the active-bidder count is its
 * own once-per-user-per-day marker, so it needs no guard (and a retry after a failure between the two
 * writes still counts the bidder).
 */
export async function aggregateStreamRecord(
  record: {
    eventId: string;
    oldImage?: Record<string, unknown>;
    newImage?: Record<string, unknown>;
    at: number;
  },
  now: number,
): Promise<void> {
  const effect = statsEffectOf(record.oldImage, record.newImage, record.at);
  if (!effect) return;
  if (effect.counters.length) await addCountersOnce(record.eventId, effect.counters, now);
  if (effect.activeBidder) await markActiveBidder(effect.activeBidder.day, effect.activeBidder.userId, now);
}
