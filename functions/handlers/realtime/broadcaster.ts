import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { AttributeValue as SdkAttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { AttributeValue, Context, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import type { AuctionMessage } from "#shared/schemas/auctions";
import { isAuctionItem, toAuction } from "../../adapters/dynamo/auctions-repo.ts";
import {
  deleteConnection,
  listConnectionIds,
  listWatcherIds,
} from "../../adapters/dynamo/connections-repo.ts";
import { postToConnection } from "../../adapters/realtime/socket-publisher.ts";
import { auctionMessageFor, latestMessagePerAuction } from "../../domain/auction-messages.ts";
import { logger } from "../../observability/logger.ts";

const processor = new BatchProcessor(EventType.DynamoDBStreams);

/** Posts in flight at once: enough to be quick, few enough not to trip the management API's limits. */
const POST_CONCURRENCY = 32;

function image(raw: Record<string, AttributeValue> | undefined) {
  if (!raw) return undefined;
  const item = unmarshall(raw as Record<string, SdkAttributeValue>);
  return isAuctionItem(item) ? toAuction(item) : undefined;
}

/**
 * The table's stream -> `bid_placed` / `auction_ended` messages, one per auction per batch, to the
 * connections that watch that auction and those that never narrowed what they hear (`watch`). A record that cannot be read is reported back (partial batch response); a
 * connection that is gone (410) is deleted.
 */
export async function handler(event: DynamoDBStreamEvent, context: Context) {
  const now = Date.now();
  const messages: AuctionMessage[] = [];
  const response = await processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      const message = auctionMessageFor(
        image(record.dynamodb?.OldImage),
        image(record.dynamodb?.NewImage),
        now,
      );
      if (message) messages.push(message);
    },
    processor,
    { context },
  );
  const outgoing = latestMessagePerAuction(messages);
  if (outgoing.length > 0) await broadcast(outgoing, now);
  return response;
}

async function broadcast(messages: AuctionMessage[], now: number) {
  const [everything, ...watchers] = await Promise.all([
    listConnectionIds(now),
    ...messages.map((message) => listWatcherIds(message.auctionId, now)),
  ]);
  const jobs = messages.flatMap((message, i) =>
    [...new Set([...everything!, ...watchers[i]!])].map((id) => ({ id, message })),
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
    messages: messages.length,
    posts: jobs.length,
    listeningToEverything: everything!.length,
    gone: gone.size,
    failed,
  });
}
