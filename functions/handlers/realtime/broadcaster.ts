import type { Context, DynamoDBStreamEvent } from "aws-lambda";
import type { AuctionMessage } from "#shared/schemas/auctions";
import { isAuctionItem, toAuction } from "../../adapters/dynamo/auctions-repo.ts";
import { deliveredRank } from "../../adapters/dynamo/live-deliveries-repo.ts";
import type { LiveUpdateEvent } from "../../adapters/realtime/live-handoff.ts";
import { auctionMessageFor, deliveryRank, latestMessagePerAuction } from "../../domain/realtime-messages.ts";
import { streamHandler } from "../../events/stream-handler.ts";
import { broadcast } from "../../usecases/realtime/broadcast.ts";

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
