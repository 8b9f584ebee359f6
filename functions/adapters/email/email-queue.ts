import type { EmailQueue } from "./email-queue-port.ts";
import { sqsEmailQueue } from "./sqs-email-queue.ts";

export type { EmailQueue } from "./email-queue-port.ts";

let installed: EmailQueue | null = null;

/** The local stack and tests put their stand-in here (scripts/local/email-queue.ts); null removes it. */
export function installEmailQueue(queue: EmailQueue | null): void {
  installed = queue;
}

/** The installed stand-in, or SQS when EMAIL_QUEUE_URL is set (AWS). */
export function emailQueue(): EmailQueue {
  if (installed) return installed;
  const url = process.env.EMAIL_QUEUE_URL;
  if (!url) throw new Error("No email queue: EMAIL_QUEUE_URL is not set and no local queue is installed");
  return sqsEmailQueue(url);
}
