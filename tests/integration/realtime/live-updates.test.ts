/**
 * The WebSocket API's own protocol (connections, `hello`, `watch`), and the broadcaster's batches over
 * both transports. What a watcher receives of bids and ends, over both: live-handoff.test.ts.
 */
import type { Context, DynamoDBStreamEvent } from "aws-lambda";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { ConnectedMessage, SocketMessage } from "#shared/schemas/auctions";
import { type AuctionRecord, auctionItem } from "../../../functions/adapters/dynamo/auctions-repo.ts";
import { saveConnection } from "../../../functions/adapters/dynamo/connections-repo.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { lambdaContext } from "../../../scripts/local/handlers.ts";
import {
  bidOn,
  broadcastAuction,
  getItem,
  liveAuction,
  streamRecord,
  testUser,
} from "../auctions/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { useLocalGateway } from "../support/local-gateway.ts";
import { liveTransports, useLiveTransport, useWatchers } from "./fixtures.ts";

useFreshTable("auction-live");
const local = useLocalGateway({ streams: true, events: true });

interface Listener {
  ws: WebSocket;
  messages: SocketMessage[];
  waitFor<M extends SocketMessage>(predicate: (m: SocketMessage) => m is M, timeoutMs?: number): Promise<M>;
  waitFor(predicate: (m: SocketMessage) => boolean, timeoutMs?: number): Promise<SocketMessage>;
}

const sockets: WebSocket[] = [];
afterAll(() => {
  for (const ws of sockets) ws.terminate();
});

async function listen(cookie?: string): Promise<Listener> {
  const ws = new WebSocket(`${local.url.replace(/^http/, "ws")}/ws`, {
    headers: cookie ? { cookie } : {},
  });
  sockets.push(ws);
  const messages: SocketMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on("message", (data) => {
    messages.push(JSON.parse(String(data)) as SocketMessage);
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    ws,
    messages,
    // As long as expect.poll waits (vitest.config.ts): a deadline for a message that never comes, not a latency check.
    waitFor(predicate: (m: SocketMessage) => boolean, timeoutMs = 15_000): Promise<SocketMessage> {
      return new Promise<SocketMessage>((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

async function connectionItems() {
  const ids = local.gateway.connectionIds();
  return Promise.all(ids.map(async (id) => ({ id, item: await getItem(keys.connection(id)) })));
}

describe("the socket", () => {
  useLiveTransport("websocket");

  it("accepts anonymous and signed-in listeners, answers hello with connected, forgets them on close", async () => {
    const buyer = await testUser("buyer");
    const signedIn = await listen(buyer.cookie);
    const anonymous = await listen();

    const items = await connectionItems();
    expect(items.map((c) => c.item?.userId).sort()).toEqual([buyer.id, undefined].sort());
    for (const { item } of items) {
      expect(item?.gsi1pk).toMatch(/^CONNS#[0-7]$/);
      // Two hours to live (TTL in seconds).
      expect((item?.expiresAt as number) - Date.now() / 1000).toBeGreaterThan(7190);
    }

    anonymous.ws.send(JSON.stringify({ type: "hello" }));
    const connected = await anonymous.waitFor((m): m is ConnectedMessage => m.type === "connected");
    expect(Math.abs(Date.parse(connected.serverTime) - Date.now())).toBeLessThan(5000);

    const ids = local.gateway.connectionIds();
    signedIn.ws.close();
    anonymous.ws.close();
    await expect
      .poll(() => Promise.all(ids.map((id) => getItem(keys.connection(id)))))
      .toEqual([undefined, undefined]);
  });
});

describe("watching auctions", () => {
  useLiveTransport("websocket");

  const watching = (m: SocketMessage) => m.type === "watching";
  const bidPlacedOn = (auctionId: string, totalBids?: number) => (m: SocketMessage) =>
    m.type === "bid_placed" &&
    m.auctionId === auctionId &&
    (totalBids === undefined || m.totalBids === totalBids);

  async function watch(listener: Listener, auctionIds: string[]) {
    const before = listener.messages.length;
    listener.ws.send(JSON.stringify({ type: "watch", auctionIds }));
    const answer = () =>
      listener.messages.slice(before).find((m) => m.type === "watching" || m.type === "error");
    await expect.poll(answer).toBeDefined();
    return answer();
  }

  /**
   * A later bid on `auctionId` that `listener` hears: a socket's messages arrive in the order they were
   * sent, so whatever an earlier bid would have sent it has arrived by the time this one does.
   */
  async function marker(listener: Listener, auctionId: string) {
    const bidder = await testUser("buyer", 1);
    expect((await bidOn(bidder, auctionId)).status).toBe(200);
    const state = (await getItem(keys.auction(auctionId)))?.totalBids as number;
    await listener.waitFor(bidPlacedOn(auctionId, state));
  }

  it("a watching socket hears only its auctions; one that never sent watch hears them all", async () => {
    const [{ auction: a }, { auction: b }] = await Promise.all([liveAuction(), liveAuction()]);
    const narrow = await listen();
    const everything = await listen();
    expect(await watch(narrow, [a.id, a.id])).toEqual({ type: "watching", auctionIds: [a.id] });

    const buyer = await testUser("buyer", 5);
    expect((await bidOn(buyer, b.id)).status).toBe(200);
    expect((await bidOn(buyer, a.id)).status).toBe(200);
    await Promise.all([
      narrow.waitFor(bidPlacedOn(a.id)),
      everything.waitFor(bidPlacedOn(a.id)),
      everything.waitFor(bidPlacedOn(b.id)),
    ]);
    await marker(narrow, a.id);
    expect(narrow.messages.filter(bidPlacedOn(b.id))).toEqual([]);
  });

  it("a new watch replaces the set, and closing the socket forgets its watches", async () => {
    const [{ auction: a }, { auction: b }] = await Promise.all([liveAuction(), liveAuction()]);
    const listener = await listen();
    await watch(listener, [a.id]);
    const [id] = local.gateway
      .connectionIds()
      .filter((c) => c !== undefined)
      .slice(-1);
    expect(await getItem(keys.watch(a.id, id!))).toBeDefined();

    expect(await watch(listener, [b.id])).toEqual({ type: "watching", auctionIds: [b.id] });
    expect(await getItem(keys.watch(a.id, id!))).toBeUndefined();
    expect(await getItem(keys.watch(b.id, id!))).toMatchObject({ connectionId: id });
    expect((await getItem(keys.connection(id!)))?.watching).toEqual([b.id]);

    const buyer = await testUser("buyer", 5);
    expect((await bidOn(buyer, a.id)).status).toBe(200);
    expect((await bidOn(buyer, b.id)).status).toBe(200);
    await listener.waitFor(bidPlacedOn(b.id));
    await marker(listener, b.id);
    expect(listener.messages.filter(bidPlacedOn(a.id))).toEqual([]);

    listener.ws.close();
    await expect.poll(() => getItem(keys.watch(b.id, id!))).toBeUndefined();
    expect(await getItem(keys.connection(id!))).toBeUndefined();
  });

  it("refuses more than 100 ids with an error and changes nothing", async () => {
    const { auction } = await liveAuction();
    const listener = await listen();
    const tooMany = Array.from({ length: 101 }, (_, i) => `auction-${i}`);
    expect(await watch(listener, tooMany)).toEqual({
      type: "error",
      message: "A connection can watch at most 100 auctions",
    });
    expect(await watch(listener, [""])).toMatchObject({ type: "error" });
    const [id] = local.gateway.connectionIds().slice(-1);
    expect(await getItem(keys.watch("auction-0", id!))).toBeUndefined();
    expect((await getItem(keys.connection(id!)))?.watching).toBeUndefined();

    const buyer = await testUser("buyer", 1);
    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    await listener.waitFor(bidPlacedOn(auction.id));
  });

  it("watching nothing hears nothing", async () => {
    const { auction } = await liveAuction();
    const listener = await listen();
    const everything = await listen();
    expect(await watch(listener, [])).toEqual({ type: "watching", auctionIds: [] });
    const buyer = await testUser("buyer", 1);
    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    // Sent to every socket at once: when one that never sent watch has it, the others' copies are out.
    await everything.waitFor(bidPlacedOn(auction.id, 1));
    expect(await watch(listener, [auction.id])).toEqual({ type: "watching", auctionIds: [auction.id] });
    await marker(listener, auction.id);
    expect(listener.messages.filter((m) => m.type === "bid_placed")).toEqual([
      expect.objectContaining({ auctionId: auction.id, totalBids: 2 }),
    ]);
    expect(listener.messages.some(watching)).toBe(true);
  });
});

describe.each(liveTransports)("the broadcaster over %s", (transport) => {
  const { watchEverything } = useWatchers(local, transport);
  // One set of auctions per transport: each has its own delivery records.
  const base = broadcastAuction(`${transport}-a-1`);
  const withBids = (auction: AuctionRecord, n: number, username: string): AuctionRecord => ({
    ...auction,
    totalBids: n,
    priceCents: auction.startingPriceCents + n,
    lastBidderId: `id-${username}`,
    lastBidderUsername: username,
  });

  const record = streamRecord;

  it("sends one message per auction per batch, the latest state, and reports what it cannot read", async () => {
    const { handler } = await import("../../../functions/handlers/realtime/broadcaster.ts");
    const watcher = await watchEverything();
    if (transport === "websocket") await saveConnection({ connectionId: "gone-connection", now: Date.now() });

    const a = { ...base, id: `storm-${transport}-a` };
    const b = { ...base, id: `storm-${transport}-b` };
    const bWon: AuctionRecord = {
      ...withBids(b, 1, "bea"),
      status: "won",
      winnerId: "id-bea",
      winnerUsername: "bea",
    };
    const malformed = record(undefined, undefined);
    malformed.dynamodb!.NewImage = {
      pk: { S: "AUCTION#x" },
      sk: { S: "STATE" },
      totalBids: { Z: "?" },
    } as never;
    malformed.dynamodb!.OldImage = malformed.dynamodb!.NewImage;
    const event: DynamoDBStreamEvent = {
      Records: [
        record(auctionItem(a), auctionItem(withBids(a, 1, "ann"))),
        record(auctionItem(withBids(a, 1, "ann")), auctionItem(withBids(a, 2, "bob"))),
        record(auctionItem(b), auctionItem(withBids(b, 1, "bea"))),
        record(auctionItem(withBids(b, 1, "bea")), auctionItem(bWon)),
        malformed,
        // Not a change a watcher sees: a new auction, a user's balance.
        record(undefined, auctionItem({ ...base, id: `storm-${transport}-new` })),
        record({ ...keys.user("u"), bidBalance: 3 }, { ...keys.user("u"), bidBalance: 2 }),
      ],
    };

    const response = await handler(event, lambdaContext("realtime/broadcaster") as Context);

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: malformed.dynamodb!.SequenceNumber }]);
    await watcher.settle();
    const mine = watcher.messages.filter((m) => m.auctionId.startsWith(`storm-${transport}-`));
    expect(mine).toHaveLength(2);
    expect(mine.find((m) => m.auctionId === a.id)).toMatchObject({
      type: "bid_placed",
      totalBids: 2,
      currentPrice: "1.02",
      lastBidder: { username: "bob" },
    });
    expect(mine.find((m) => m.auctionId === b.id)).toMatchObject({
      type: "auction_ended",
      status: "won",
      winnerId: "id-bea",
      winner: { username: "bea" },
      finalPrice: "1.01",
    });
    // 410 from the management API: that connection is forgotten.
    if (transport === "websocket") expect(await getItem(keys.connection("gone-connection"))).toBeUndefined();
  });
});
