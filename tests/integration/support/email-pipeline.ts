/**
 * The email pipeline as `npm run dev` runs it, for a test's own table: the stream poller feeding the
 * table-changes consumer (emails and stats), and the local email queue handing each event to the sender (emails and pushes).
 */
import { installEmailQueue } from "../../../functions/adapters/email/email-queue.ts";
import { eventHandlers } from "../../../functions/routes.ts";
import { createLocalEmailQueue, type LocalEmailQueue } from "../../../scripts/local/email-queue.ts";
import type { HandlerLoader } from "../../../scripts/local/handlers.ts";
import { type StreamPoller, startStreamPoller } from "../../../scripts/local/stream-poller.ts";

export interface EmailPipeline {
  queue: LocalEmailQueue;
  poller: StreamPoller;
  stop(): Promise<void>;
}

export async function startEmailPipeline(
  table: { endpoint: string; name: string },
  loader?: HandlerLoader,
): Promise<EmailPipeline> {
  const queue = createLocalEmailQueue({ retryDelayMs: 10, log: () => {} });
  installEmailQueue(queue);
  const poller = await startStreamPoller({
    endpoint: table.endpoint,
    tableName: table.name,
    targets: [eventHandlers.tableChanges],
    intervalMs: 50,
    log: () => {},
    ...(loader ? { loader } : {}),
  });
  return {
    queue,
    poller,
    async stop() {
      await poller.stop();
      await queue.stop();
      installEmailQueue(null);
    },
  };
}
