import { streamHandler } from "../../events/stream-handler.ts";
import { queueEmailEvents } from "../../usecases/alerts/queue-email-events.ts";
import { aggregateStreamRecord } from "../../usecases/stats/aggregate-stats.ts";

/**
 * The table's stream -> email events on the email queue and the Stats charts' aggregates: one reader
 * for both, so the stream keeps two Lambda readers (this and the broadcaster), as AWS advises per shard.
 * Both parts run on every record; if either fails the record is reported (partial batch response) and
 * redelivered, and both parts are safe to repeat: the sender sends an event key once, the aggregator
 * applies a record's eventID once.
 */
export const handler = streamHandler(async ({ eventId, oldImage, newImage, at }, now) => {
  if (!eventId) throw new Error("stream record without an eventID");
  const parts = await Promise.allSettled([
    queueEmailEvents({ oldImage, newImage, at }),
    aggregateStreamRecord({ eventId, oldImage, newImage, at }, now),
  ]);
  const failed = parts.flatMap((p) => (p.status === "rejected" ? [p.reason] : []));
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1) throw new AggregateError(failed, "both parts failed on a stream record");
});
