import { SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import type { EmailQueue } from "./email-queue-port.ts";

const sqs = new SQSClient({ maxAttempts: 3 });
/** SendMessageBatch takes at most ten messages. */
const BATCH = 10;

/** EMAIL_QUEUE_URL: the sender's queue (infra/constructs/notifications.ts). */
export function sqsEmailQueue(queueUrl: string): EmailQueue {
  return {
    async enqueue(events) {
      for (let i = 0; i < events.length; i += BATCH) {
        const chunk = events.slice(i, i + BATCH);
        const out = await sqs.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: chunk.map((event, j) => ({ Id: String(j), MessageBody: JSON.stringify(event) })),
          }),
        );
        // A partly refused batch fails the stream record, which is retried; the sender's key keeps it to one email.
        if (out.Failed?.length)
          throw new Error(`SQS refused ${out.Failed.length} email event(s): ${out.Failed[0]?.Message}`);
      }
    },
  };
}
