import { afterAll, beforeAll } from "vitest";
import { installEmailQueue } from "../../../functions/adapters/email/email-queue.ts";

/**
 * An email queue that takes every event and sends none, for tests of routes that queue (a password
 * reset request queues on every call) but not of the emails themselves.
 */
export function useDiscardedEmails(): void {
  beforeAll(() => {
    installEmailQueue({ enqueue: async () => {} });
  });
  afterAll(() => {
    installEmailQueue(null);
  });
}
