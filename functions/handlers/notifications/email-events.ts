import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { AttributeValue as SdkAttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { AttributeValue, Context, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { emailQueue } from "../../adapters/email/email-queue.ts";
import { emailEventsFor } from "../../domain/notifications.ts";
import { logger } from "../../observability/logger.ts";

const processor = new BatchProcessor(EventType.DynamoDBStreams);

const image = (raw: Record<string, AttributeValue> | undefined) =>
  raw ? unmarshall(raw as Record<string, SdkAttributeValue>) : undefined;

/**
 * The table's stream -> email events on the email queue (functions/domain/notifications.ts decides
 * which changes are worth an email). Nothing is sent here: the sender (notifications/send-email) does
 * that, once per event. A record whose events cannot be queued is reported back and retried.
 */
export async function handler(event: DynamoDBStreamEvent, context: Context) {
  return processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      // The change's own time, the same on every delivery of the record.
      const at = (record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000;
      const events = emailEventsFor(image(record.dynamodb?.OldImage), image(record.dynamodb?.NewImage), at);
      if (events.length === 0) return;
      await emailQueue().enqueue(events);
      logger.debug("email events queued", { keys: events.map((e) => e.key) });
    },
    processor,
    { context },
  );
}
