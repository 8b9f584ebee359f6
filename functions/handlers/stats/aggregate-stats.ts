import { streamHandler } from "../../events/stream-handler.ts";
import { aggregateStreamRecord } from "../../usecases/stats/aggregate-stats.ts";

/**
 * The table's stream -> the daily and hourly aggregates behind the Stats charts. Records are applied
 * one by one; a failed one is reported (partial batch response) and redelivered, which the per-record
 * guard makes harmless.
 */
export const handler = streamHandler(async ({ eventId, oldImage, newImage, at }, now) => {
  if (!eventId) throw new Error("stream record without an eventID");
  await aggregateStreamRecord({ eventId, oldImage, newImage, at }, now);
});
