import type { EmailEvent } from "../../domain/notifications.ts";

/** Where the stream consumer hands email events to the sender: SQS in AWS, an in-process stand-in locally. */
export interface EmailQueue {
  enqueue(events: readonly EmailEvent[]): Promise<void>;
}
