/**
 * The local email queue behaves like the SQS queue it stands in for: a message the sender reports as
 * failed is received again, and after its last receive it lands in the dead letters; one that succeeds
 * is received once.
 */
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { describe, expect, it } from "vitest";
import type { EmailEvent } from "../../../functions/domain/notifications.ts";
import { eventHandlers } from "../../../functions/routes.ts";
import { createLocalEmailQueue } from "../../../scripts/local/email-queue.ts";
import type { HandlerLoader } from "../../../scripts/local/handlers.ts";

const event = (key: string): EmailEvent => ({
  key,
  kind: "welcome",
  recipient: { userId: "u1" },
  at: 0,
  data: {},
});

/** A sender that fails the messages whose key is in `failing`, and counts receives per key. */
function fakeSender(failing: Set<string>) {
  const receives = new Map<string, number[]>();
  const loader: HandlerLoader = async (id) => {
    expect(id).toBe(eventHandlers.emailSender);
    return (raw) => {
      const record = (raw as SQSEvent).Records[0]!;
      const { key } = JSON.parse(record.body) as EmailEvent;
      receives.set(key, [...(receives.get(key) ?? []), Number(record.attributes.ApproximateReceiveCount)]);
      const response: SQSBatchResponse = {
        batchItemFailures: failing.has(key) ? [{ itemIdentifier: record.messageId }] : [],
      };
      return response;
    };
  };
  return { loader, receives };
}

describe("the local email queue", () => {
  it("retries a failing message up to its receive limit, then dead-letters it; a good one goes once", async () => {
    const sender = fakeSender(new Set(["bad"]));
    const queue = createLocalEmailQueue({
      loader: sender.loader,
      maxReceives: 3,
      retryDelayMs: 1,
      log: () => {},
    });
    await queue.enqueue([event("good"), event("bad")]);
    await queue.idle();
    expect(sender.receives.get("good")).toEqual([1]);
    expect(sender.receives.get("bad")).toEqual([1, 2, 3]);
    expect(queue.deadLetters().map((e) => e.key)).toEqual(["bad"]);
    await queue.stop();
  });
});
