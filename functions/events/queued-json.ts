import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { Context, SQSEvent, SQSRecord } from "aws-lambda";
import { logger } from "../observability/logger.ts";

/** What a queued message must be: any schema with zod's `safeParse`. */
interface MessageSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * An SQS-triggered handler whose messages are JSON of one shape: each valid message goes to `work`; a
 * message that can never be valid is logged (as `what`) and dropped; a message whose work throws goes
 * back to the queue (partial batch response) and, after its retries, to the queue's dead-letter queue.
 */
export function queuedJsonHandler<T>(
  what: string,
  schema: MessageSchema<T>,
  work: (message: T) => Promise<void>,
) {
  const processor = new BatchProcessor(EventType.SQS);
  return (event: SQSEvent, context: Context) =>
    processPartialResponse(
      event,
      async (record: SQSRecord) => {
        let body: unknown;
        try {
          body = JSON.parse(record.body);
        } catch {
          body = null;
        }
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          logger.error(`${what} with a malformed body`, { body: record.body.slice(0, 500) });
          return;
        }
        await work(parsed.data);
      },
      processor,
      { context },
    );
}
