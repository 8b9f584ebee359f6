import type { Context, DynamoDBStreamEvent } from "aws-lambda";
import type { AuctionMessage } from "#shared/schemas/auctions";
import { isAuctionItem, toAuction } from "../../adapters/dynamo/auctions-repo.ts";
import {
  deleteConnection,
  listConnectionIds,
  listWatcherIds,
} from "../../adapters/dynamo/connections-repo.ts";
import {
  claimDelivery,
  type DeliveryPath,
  deliveredRank,
  releaseDelivery,
} from "../../adapters/dynamo/live-deliveries-repo.ts";
import { eventApiConfigured, publishEvents } from "../../adapters/realtime/event-publisher.ts";
import type { LiveUpdateEvent } from "../../adapters/realtime/live-handoff.ts";
import { postToConnection } from "../../adapters/realtime/socket-publisher.ts";
import {
  auctionChannel,
  auctionMessageFor,
  deliveryRank,
  latestMessagePerAuction,
  liveEvent,
} from "../../domain/auction-messages.ts";
import { streamHandler } from "../../events/stream-handler.ts";
import { logger } from "../../observability/logger.ts";

/** Posts in flight at once: enough to be quick, few enough not to trip the management API's limits. */
const POST_CONCURRENCY = 32;

const auctionOf = (item: Record<string, unknown> | undefined) =>
  item && isAuctionItem(item) ? toAuction(item) : undefined;

function isLiveUpdate(event: unknown): event is LiveUpdateEvent {
  const message = (event as Partial<LiveUpdateEvent> | null)?.liveUpdate;
  return (
    typeof message?.auctionId === "string" &&
    typeof message.totalBids === "number" &&
    (message.type === "bid_placed" || message.type === "auction_ended")
  );
}

/**
 * `bid_placed` / `auction_ended` to the connections that watch that auction and those that never
 * narrowed what they hear (`watch`), from two sources:
 * - the direct hand-off (`{liveUpdate}`, an asynchronous invocation by the function that placed the
 *   bid or ended the auction): sent at once;
 * - the table's stream: one message per auction per batch, the safety net for what the direct path
 *   did not deliver.
 * Each state goes out once, by whichever path claims it first (live-deliveries-repo.ts), and never
 * after a newer one. With the Event API (EVENT_API_HTTP_ENDPOINT set, the `events` transport), a
 * claimed state is one publish to `/auctions/<auctionId>` and AWS fans it out; else one post per
 * listening connection. A record that cannot be read is reported back (partial batch response); a
 * connection that is gone (410) is deleted.
 */
export async function handler(event: DynamoDBStreamEvent | LiveUpdateEvent, context: Context) {
  if (isLiveUpdate(event)) {
    const now = Date.now();
    // The state as of now: the moment a watcher's countdown corrects against.
    await broadcast([{ ...event.liveUpdate, serverTime: new Date(now).toISOString() }], now, "direct");
    return { batchItemFailures: [] };
  }
  return fromStream(event, context);
}

const fromStream = streamHandler(
  ({ oldImage, newImage }, now) => auctionMessageFor(auctionOf(oldImage), auctionOf(newImage), now),
  async (messages, now) => {
    const latest = latestMessagePerAuction(messages.filter((m): m is AuctionMessage => Boolean(m)));
    // Usually the direct path has sent these already: skip them before listing anyone.
    const sentAlready = await Promise.all(
      latest.map(async (message) => (await deliveredRank(message.auctionId)) >= deliveryRank(message)),
    );
    const outgoing = latest.filter((_, i) => !sentAlready[i]);
    if (outgoing.length > 0) await broadcast(outgoing, now, "stream");
  },
);

async function broadcast(candidates: AuctionMessage[], now: number, path: DeliveryPath) {
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
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      if (gone.has(job.id)) continue;
      try {
        if ((await postToConnection(job.id, job.message)) === "gone") gone.add(job.id);
      } catch (error) {
        // One listener's failure must not replay the batch to everyone else.
        failed++;
        logger.warn("post to connection failed", { connectionId: job.id, error: error as Error });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(POST_CONCURRENCY, jobs.length) }, worker));
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
