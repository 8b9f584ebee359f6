/**
 * Sends claimed auction states to their watchers, once each: one publish per state on the Event API
 * (the `events` transport: AWS fans it out), else one post per listening connection of the WebSocket
 * API. Each state is claimed first (live-deliveries-repo.ts), so the direct hand-off and the stream
 * never both send it; what fails to go out gives its claim back for the other path (or the stream's
 * retry) to send.
 */
import pLimit from "p-limit";
import type { AuctionMessage } from "#shared/schemas/auctions";
import {
  deleteConnection,
  listConnectionIds,
  listWatcherIds,
} from "../../adapters/dynamo/connections-repo.ts";
import {
  claimDelivery,
  type DeliveryPath,
  releaseDelivery,
} from "../../adapters/dynamo/live-deliveries-repo.ts";
import { eventApiConfigured, publishEvents } from "../../adapters/realtime/event-publisher.ts";
import { postToConnection } from "../../adapters/realtime/socket-publisher.ts";
import { auctionChannel, deliveryRank, liveEvent } from "../../domain/realtime-messages.ts";
import { logger } from "../../observability/logger.ts";

/** Posts in flight at once: enough to be quick, few enough not to trip the management API's limits. */
const POST_CONCURRENCY = 32;

export type { DeliveryPath };

export async function broadcast(candidates: AuctionMessage[], now: number, path: DeliveryPath) {
  if (eventApiConfigured()) return publish(candidates, now, path);
  // The claims and the lists at once: one round trip less before the first post.
  const claiming = Promise.all(
    candidates.map((message) => claimDelivery(message.auctionId, deliveryRank(message), path, now)),
  );
  claiming.catch(() => {}); // awaited below, or given back if the lists fail
  let lists: string[][];
  try {
    lists = await Promise.all([
      listConnectionIds(now),
      ...candidates.map((message) => listWatcherIds(message.auctionId, now)),
    ]);
  } catch (error) {
    // Nobody was sent anything: give the claims back so the stream's retry (or the other path) sends
    // these states, then fail like before.
    const claimed = await claiming.catch(() => candidates.map(() => false));
    await Promise.all(
      candidates.map((message, i) =>
        claimed[i] ? releaseDelivery(message.auctionId, deliveryRank(message)) : undefined,
      ),
    );
    throw error;
  }
  const [everything, ...watchers] = lists;
  const claimed = await claiming;
  const jobs = candidates.flatMap((message, i) =>
    claimed[i] ? [...new Set([...everything!, ...watchers[i]!])].map((id) => ({ id, message })) : [],
  );
  const gone = new Set<string>();
  let failed = 0;
  const limit = pLimit(POST_CONCURRENCY);
  await Promise.all(
    jobs.map((job) =>
      limit(async () => {
        if (gone.has(job.id)) return;
        try {
          if ((await postToConnection(job.id, job.message)) === "gone") gone.add(job.id);
        } catch (error) {
          // One listener's failure must not replay the batch to everyone else.
          failed++;
          logger.warn("post to connection failed", { connectionId: job.id, error: error as Error });
        }
      }),
    ),
  );
  await Promise.all([...gone].map((id) => deleteConnection(id)));
  logger.info("broadcast", {
    path,
    messages: candidates.length,
    claimed: claimed.filter(Boolean).length,
    posts: jobs.length,
    listeningToEverything: everything!.length,
    gone: gone.size,
    failed,
  });
}

/**
 * One publish per claimed state. A publish that fails gives its claim back, so the stream (or its
 * retry: the error fails the batch) publishes that state; the others stay claimed and go out once.
 */
async function publish(candidates: AuctionMessage[], now: number, path: DeliveryPath) {
  const claimed = await Promise.all(
    candidates.map((message) => claimDelivery(message.auctionId, deliveryRank(message), path, now)),
  );
  const outcomes = await Promise.allSettled(
    candidates.map(async (message, i) => {
      if (!claimed[i]) return;
      try {
        await publishEvents(auctionChannel(message.auctionId), [liveEvent(message)]);
      } catch (error) {
        await releaseDelivery(message.auctionId, deliveryRank(message));
        throw error;
      }
    }),
  );
  const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
  logger.info("published", {
    path,
    messages: candidates.length,
    claimed: claimed.filter(Boolean).length,
    failed: failures.length,
  });
  if (failures.length > 0) throw failures[0]!.reason;
}
