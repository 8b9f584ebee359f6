import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { AttributeValue as SdkAttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { AttributeValue, Context, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { aggregateStreamRecord } from "../../usecases/stats/aggregate-stats.ts";

const processor = new BatchProcessor(EventType.DynamoDBStreams);

const image = (raw: Record<string, AttributeValue> | undefined) =>
  raw ? (unmarshall(raw as Record<string, SdkAttributeValue>) as Record<string, unknown>) : undefined;

/**
 * The table's stream -> the daily and hourly aggregates behind the Stats charts (issue 16). Records are
 * applied one by one; a failed one is reported (partial batch response) and redelivered, which the
 * per-record guard makes harmless.
 */
export async function handler(event: DynamoDBStreamEvent, context: Context) {
  const now = Date.now();
  return processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      if (!record.eventID) throw new Error("stream record without an eventID");
      await aggregateStreamRecord(
        {
          eventId: record.eventID,
          oldImage: image(record.dynamodb?.OldImage),
          newImage: image(record.dynamodb?.NewImage),
          at: (record.dynamodb?.ApproximateCreationDateTime ?? now / 1000) * 1000,
        },
        now,
      );
    },
    processor,
    { context },
  );
}
