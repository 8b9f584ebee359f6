/**
 * Live updates over the `events` transport: the broadcaster publishes each state once to
 * `/auctions/<auctionId>` on the Event API stand-in, SigV4-signed, and a subscriber written from
 * AWS's protocol description (tests/support/appsync-events-client.ts) receives it. The same bid and
 * end also run over the `websocket` transport at the end of this file (live-updates.test.ts and
 * live-handoff.test.ts cover that transport in full).
 */
import type { Context } from "aws-lambda";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { AuctionMessage, SocketMessage } from "#shared/schemas/auctions";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { installLiveHandoff } from "../../../functions/adapters/realtime/handoff-from-env.ts";
import { eventHandlers } from "../../../functions/routes.ts";
import { type HandlerLoader, loadHandler } from "../../../scripts/local/handlers.ts";
import { createLocalLiveHandoff } from "../../../scripts/local/live-handoff.ts";
import {
  connectEventsClient,
  type EventsTestClient,
  publishWithKey,
} from "../../support/appsync-events-client.ts";
import { anonymous, bidOn, getItem, liveAuction, testUser } from "../auctions/fixtures.ts";
import { moveClockPast } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { useLocalGateway } from "../support/local-gateway.ts";

useFreshTable("auction-live-events");

/** As in live-handoff.test.ts: the stream's batches can be held back while the direct path runs. */
let streamHeld: Promise<void> | null = null;
function holdStream(): () => void {
  let release = () => {};
  streamHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    streamHeld = null;
    release();
  };
}
const streamGatedLoader: HandlerLoader = async (handlerId) => {
  const handler = await loadHandler(handlerId);
  if (!handler || handlerId !== eventHandlers.broadcaster) return handler;
  return async (event: unknown, context: Context) => {
    if (streamHeld && typeof event === "object" && event !== null && "Records" in event) await streamHeld;
    return handler(event, context);
  };
};
const local = useLocalGateway({ streams: true, events: true, loader: streamGatedLoader });

type LiveEvent = AuctionMessage & { orderKey: number };
const clients: EventsTestClient[] = [];
afterAll(() => {
  for (const client of clients) client.close();
});
afterEach(() => {
  installLiveHandoff(local.live ?? null);
  streamHeld = null;
});

let settles = 0;
async function subscriber(channel: string) {
  const client = await connectEventsClient(local.events!);
  clients.push(client);
  const sub = await client.subscribe(channel);
  expect(sub.type).toBe("subscribe_success");
  const events = () => client.eventsOf(sub.id as string) as LiveEvent[];
  return {
    client,
    events,
    next: (fits: (event: LiveEvent) => boolean) =>
      client.next((f) => f.type === "data" && f.id === sub.id && fits(JSON.parse(f.event as string))),
    /** Once both paths are done, a marker published after them arrives after anything they sent. */
    async settle() {
      await local.poller!.drain();
      await local.live!.idle();
      const marker = `/auctions/settle-${++settles}`;
      const mark = await client.subscribe(marker);
      const arrived = client.next((f) => f.type === "data" && f.id === mark.id);
      await publishWithKey(local.events!, marker, [{ marker }]);
      await arrived;
    },
  };
}

const deliveredBy = async (auctionId: string) =>
  (await getItem(keys.liveDelivery(auctionId)))?.deliveredBy as string | undefined;

describe("the events transport", () => {
  it("publishes a bid to /auctions/<auctionId> with the socket message's fields and an order key", async () => {
    const { auction } = await liveAuction({ startingPriceCents: 200 });
    const [other] = await Promise.all([liveAuction()]);
    const watcher = await subscriber(`/auctions/${auction.id}`);
    const elsewhere = await subscriber(`/auctions/${other.auction.id}`);
    const everything = await subscriber("/auctions/*");
    const buyer = await testUser("buyer", 3);

    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    const heard = (event: LiveEvent) => event.auctionId === auction.id;
    await Promise.all([watcher.next(heard), everything.next(heard)]);
    const [event] = watcher.events();
    expect(event).toMatchObject({
      type: "bid_placed",
      auctionId: auction.id,
      status: "active",
      currentPrice: "2.01",
      totalBids: 1,
      lastBidder: { username: buyer.username },
      winnerId: null,
      finalPrice: null,
      auto: false,
      orderKey: 2,
    });
    expect(Math.abs(Date.parse(event!.serverTime) - Date.now())).toBeLessThan(5000);
    expect(event!.ledgerHead).toMatch(/^[0-9a-f]{64}$/);
    await elsewhere.settle();
    expect(elsewhere.events().filter((e) => e.auctionId === auction.id)).toEqual([]);
  });

  it("publishes each state once, by the direct path, with the stream running", async () => {
    const { auction } = await liveAuction();
    const [ann, bob] = await Promise.all([testUser("buyer", 10), testUser("buyer", 10)]);
    const watcher = await subscriber(`/auctions/${auction.id}`);
    for (let n = 1; n <= 4; n++) {
      const releaseStream = holdStream();
      expect((await bidOn(n % 2 ? ann : bob, auction.id)).status).toBe(200);
      await watcher.next((e) => e.totalBids === n);
      expect(await deliveredBy(auction.id)).toBe("direct");
      releaseStream();
    }
    await watcher.settle();
    expect(watcher.events().map((e) => e.orderKey)).toEqual([2, 4, 6, 8]);
  });

  it("publishes from the stream, once, when the hand-off fails", async () => {
    const { auction } = await liveAuction();
    const buyer = await testUser("buyer", 3);
    const watcher = await subscriber(`/auctions/${auction.id}`);
    installLiveHandoff({
      async handOff() {
        throw new Error("Rate exceeded");
      },
    });
    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    await watcher.next((e) => e.totalBids === 1);
    await watcher.settle();
    expect(watcher.events().map((e) => `${e.type} ${e.orderKey}`)).toEqual(["bid_placed 2"]);
    expect(await deliveredBy(auction.id)).toBe("stream");
  });

  it("gives the claim back when the Event API refuses the publish, and the stream publishes it once", async () => {
    const { auction } = await liveAuction();
    const buyer = await testUser("buyer", 3);
    const watcher = await subscriber(`/auctions/${auction.id}`);
    // The direct path signs with a key the Event API does not know: 401.
    const badlySigned: HandlerLoader = async (handlerId) => {
      const handler = await loadHandler(handlerId);
      if (!handler || handlerId !== eventHandlers.broadcaster) return handler;
      return async (event: unknown, context: Context) => {
        const secret = process.env.AWS_SECRET_ACCESS_KEY;
        process.env.AWS_SECRET_ACCESS_KEY = "not-the-local-secret";
        try {
          return await handler(event, context);
        } finally {
          process.env.AWS_SECRET_ACCESS_KEY = secret;
        }
      };
    };
    const handoff = createLocalLiveHandoff({ loader: badlySigned, log: () => {} });
    installLiveHandoff(handoff);
    const releaseStream = holdStream();
    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    await handoff.idle();
    expect(watcher.events()).toEqual([]);
    // Given back: the state of rank 2 is no longer marked sent.
    expect((await getItem(keys.liveDelivery(auction.id)))?.delivered).toBeLessThan(2);
    releaseStream();
    await watcher.next((e) => e.totalBids === 1);
    await watcher.settle();
    expect(watcher.events().map((e) => e.orderKey)).toEqual([2]);
    expect(await deliveredBy(auction.id)).toBe("stream");
  });

  it("publishes the end as auction_ended with the winner, after the last bid", async () => {
    const { auction } = await liveAuction({ durationSeconds: 30, extensionSeconds: 1 });
    const ann = await testUser("buyer", 5);
    const watcher = await subscriber(`/auctions/${auction.id}`);
    expect((await bidOn(ann, auction.id)).status).toBe(200);
    await watcher.next((e) => e.totalBids === 1);
    moveClockPast((await getItem(keys.auction(auction.id)))?.endsAt as number);
    expect((await anonymous({ method: "GET", path: `/api/auctions/${auction.id}` })).status).toBe(200);
    await watcher.next((e) => e.type === "auction_ended");
    await watcher.settle();
    expect(watcher.events().map((e) => `${e.type} ${e.orderKey}`)).toEqual([
      "bid_placed 2",
      "auction_ended 3",
    ]);
    expect(watcher.events()[1]).toMatchObject({
      status: "won",
      winnerId: ann.id,
      winner: { username: ann.username },
    });
  });
});

describe("the websocket transport (no Event API configured)", () => {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.EVENT_API_HTTP_ENDPOINT;
    delete process.env.EVENT_API_HTTP_ENDPOINT;
  });
  afterAll(() => {
    process.env.EVENT_API_HTTP_ENDPOINT = saved;
  });

  it("posts the bid to the sockets and publishes nothing", async () => {
    const publishedBefore = local.events!.stats().published;
    const ws = new WebSocket(`${local.url.replace(/^http/, "ws")}/ws`);
    const messages: SocketMessage[] = [];
    ws.on("message", (data) => messages.push(JSON.parse(String(data)) as SocketMessage));
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const { auction } = await liveAuction();
    const buyer = await testUser("buyer", 3);
    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    await expect
      .poll(() => messages.find((m) => m.type === "bid_placed" && m.auctionId === auction.id))
      .toMatchObject({ totalBids: 1 });
    await local.poller!.drain();
    await local.live!.idle();
    expect(local.events!.stats().published).toBe(publishedBefore);
    ws.terminate();
  });
});
