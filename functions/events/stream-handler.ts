import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { AttributeValue as SdkAttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { AttributeValue, Context, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";

type Item = Record<string, unknown>;

/** One record of the table's stream, as the consumers read it: plain items, and when the change happened. */
export interface StreamChange {
  eventId: string | undefined;
  oldImage: Item | undefined;
  newImage: Item | undefined;
  /** ms epoch of the change itself (the same on every delivery of the record); the batch's time if absent. */
  at: number;
}

const image = (raw: Record<string, AttributeValue> | undefined): Item | undefined =>
  raw ? unmarshall(raw as Record<string, SdkAttributeValue>) : undefined;

/**
 * A consumer of the table's stream, as `defineRoute` is for a route: each record goes to `perRecord`
 * (with the batch's one `now`); a record whose work throws is reported back (partial batch response)
 * and redelivered, so each consumer keeps its work safe to repeat. `afterBatch`, if given, receives
 * what the records that succeeded returned; if it throws, the whole batch is redelivered.
 */
export function streamHandler<R>(
  perRecord: (change: StreamChange, now: number) => Promise<R> | R,
  afterBatch?: (results: R[], now: number) => Promise<void>,
) {
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  return async (event: DynamoDBStreamEvent, context: Context) => {
    const now = Date.now();
    const results: R[] = [];
    const response = await processPartialResponse(
      event,
      async (record: DynamoDBRecord) => {
        const change: StreamChange = {
          eventId: record.eventID,
          oldImage: image(record.dynamodb?.OldImage),
          newImage: image(record.dynamodb?.NewImage),
          at: (record.dynamodb?.ApproximateCreationDateTime ?? now / 1000) * 1000,
        };
        results.push(await perRecord(change, now));
      },
      processor,
      { context },
    );
    if (afterBatch) await afterBatch(results, now);
    return response;
  };
}
