import * as z from "#shared/schemas/zod";
import type { CounterChange, StatsScope } from "../../domain/stats.ts";
import { tableName } from "./client.ts";
import { transactionConditionFailed } from "./conditions.ts";
import { queryAll } from "./index-lists.ts";
import { parseStoredItem } from "./item-schema.ts";
import { keys } from "./keys.ts";
import { createItemOp, transactRetryingConflicts } from "./transact.ts";

/** A stream record is redelivered within the stream's 24 hours, so its guard may go after two days. */
const EVENT_GUARD_SECONDS = 2 * 86_400;
/** Markers outlive the longest window the stats routes show (90 days). */
const BIDDER_MARKER_SECONDS = 100 * 86_400;

const scopeKey = (scope: StatsScope) => keys.statsScope(scope.kind === "seller" ? scope.sellerId : undefined);

function counterUpdate(change: CounterChange) {
  const scope = scopeKey(change.scope);
  const entries = Object.entries(change.add).filter(([, value]) => value !== undefined);
  const names = Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name]));
  const values = Object.fromEntries(entries.map(([, value], i) => [`:c${i}`, value]));
  return {
    Update: {
      TableName: tableName(),
      Key:
        change.period === "day" ? keys.statsDay(scope, change.bucket) : keys.statsHour(scope, change.bucket),
      UpdateExpression: `SET #bucket = :bucket ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(", ")}`,
      ExpressionAttributeNames: { ...names, "#bucket": "bucket" },
      ExpressionAttributeValues: { ...values, ":bucket": change.bucket },
    },
  };
}

/**
 * Writes `items` in one transaction whose first item is a guard put under attribute_not_exists: true
 * when it landed, false when the guard already existed (the change was applied before). A conflict with
 * another writer of the same counter is tried again.
 */
async function guardedWrite(
  guard: Record<string, unknown>,
  items: ReturnType<typeof counterUpdate>[],
): Promise<boolean> {
  const outcome = await transactRetryingConflicts([createItemOp(guard), ...items], {
    attempts: 4,
    delayStepMs: 20,
    refused: (error) => (transactionConditionFailed(error, 0) ? ("counted before" as const) : undefined),
  });
  return outcome === "written";
}

/** Adds the counters of one stream record, once: false when that record (eventId) was counted before. */
export function addCountersOnce(eventId: string, changes: CounterChange[], now: number): Promise<boolean> {
  const guard = {
    ...keys.statsEvent(eventId),
    type: "statsEvent",
    expiresAt: Math.floor(now / 1000) + EVENT_GUARD_SECONDS,
  };
  return guardedWrite(guard, changes.map(counterUpdate));
}

/** Counts a user as an active bidder of `day` the first time only (a marker item written conditionally). */
export function markActiveBidder(day: string, userId: string, now: number): Promise<boolean> {
  const marker = {
    ...keys.statsBidder(day, userId),
    type: "statsBidder",
    expiresAt: Math.floor(now / 1000) + BIDDER_MARKER_SECONDS,
  };
  return guardedWrite(marker, [
    counterUpdate({ scope: { kind: "platform" }, period: "day", bucket: day, add: { activeBidders: 1 } }),
  ]);
}

/** A day's or an hour's counters: its bucket, then a number per counter (only ever ADDed to). */
const COUNTER_ROW_SCHEMA = z.catchall(z.object({ bucket: z.string() }), z.number());
export type CounterRow = z.infer<typeof COUNTER_ROW_SCHEMA>;

async function readRange(
  from: { pk: string; sk: string },
  to: { pk: string; sk: string },
): Promise<CounterRow[]> {
  const items = await queryAll({
    KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
    ExpressionAttributeValues: { ":pk": from.pk, ":from": from.sk, ":to": to.sk },
  });
  return items.map((item) => parseStoredItem("counters", COUNTER_ROW_SCHEMA, item));
}

/** The daily items of a scope from `from` to `to` (UTC days, inclusive); days with nothing have no item. */
export function readDailyCounters(scope: StatsScope, from: string, to: string): Promise<CounterRow[]> {
  return readRange(keys.statsDay(scopeKey(scope), from), keys.statsDay(scopeKey(scope), to));
}

/** The platform's hourly items from `from` to `to` (UTC hours "YYYY-MM-DDTHH", inclusive). */
export function readHourlyCounters(from: string, to: string): Promise<CounterRow[]> {
  return readRange(keys.statsHour(keys.statsScope(), from), keys.statsHour(keys.statsScope(), to));
}
