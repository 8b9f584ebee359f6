/**
 * Live updates end to end, over both transports (the Event API, the default, and the WebSocket API):
 * each state reaches a watcher once, by the direct hand-off from the function that made it, or by
 * the table's stream when that hand-off did not deliver it, and never after a newer one.
 */
import type { Context, DynamoDBRecord } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import type { AuctionMessage } from "#shared/schemas/auctions";
import {
  type AuctionRecord,
  auctionItem,
  putNewAuction,
} from "../../../functions/adapters/dynamo/auctions-repo.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { installLiveHandoff } from "../../../functions/adapters/realtime/handoff-from-env.ts";
import type { LiveHandoff } from "../../../functions/adapters/realtime/live-handoff.ts";
import { agentCheckAt } from "../../../functions/domain/agents.ts";
import { eventHandlers } from "../../../functions/routes.ts";
import { type HandlerLoader, invoke, lambdaContext, loadHandler } from "../../../scripts/local/handlers.ts";
import { createLocalLiveHandoff } from "../../../scripts/local/live-handoff.ts";
import { sqsEvent } from "../../../scripts/local/sqs-event.ts";
import {
  anonymous,
  bidOn,
  broadcastAuction,
  getItem,
  liveAuction,
  streamRecord,
  type TestUser,
  testUser,
} from "../auctions/fixtures.ts";
import { moveClockPast } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { useLocalGateway } from "../support/local-gateway.ts";
import {
  holdStream,
  type LiveMessage,
  liveTransports,
  statesOf,
  streamGatedLoader,
  useWatchers,
  type Watcher,
} from "./fixtures.ts";

useFreshTable("auction-live-handoff");
const local = useLocalGateway({ streams: true, events: true, loader: streamGatedLoader });

// Each test that swaps the hand-off puts the stack's own back.
afterEach(() => installLiveHandoff(local.live ?? null));

const stateHeard = (auctionId: string, totalBids: number) => (m: LiveMessage) =>
  m.type === "bid_placed" && m.auctionId === auctionId && m.totalBids === totalBids;

const ended = (auctionId: string) => (m: LiveMessage) =>
  m.type === "auction_ended" && m.auctionId === auctionId;

/** The UTC month of an account created during this test (the badge's "member since"). */
const thisMonth = () => new Date().toISOString().slice(0, 7);

const deliveredBy = async (auctionId: string) =>
  (await getItem(keys.liveDelivery(auctionId)))?.deliveredBy as string | undefined;

async function biddingWar() {
  const { auction } = await liveAuction();
  const [ann, bob] = await Promise.all([testUser("buyer", 10), testUser("buyer", 10)]);
  return { auction, bidders: [ann, bob] as [TestUser, TestUser] };
}

describe.each(liveTransports)("over %s", (transport) => {
  const { watch } = useWatchers(local, transport);

  /** The Event API's states carry their order key (a page drops anything older); the socket's do not. */
  function expectOrderKeys(watcher: Watcher, auctionId: string, orderKeys: number[]) {
    const mine = watcher.messages.filter((m) => m.auctionId === auctionId);
    expect(mine.map((m) => m.orderKey)).toEqual(
      transport === "events" ? orderKeys : orderKeys.map(() => undefined),
    );
  }

  describe("a bid", () => {
    it("reaches every watcher of its auction as bid_placed with the new state, and no watcher of another", async () => {
      const [{ auction }, { auction: other }] = await Promise.all([
        liveAuction({ startingPriceCents: 200 }),
        liveAuction(),
      ]);
      const [watcher, second, elsewhere] = await Promise.all([
        watch(auction.id),
        watch(auction.id),
        watch(other.id),
      ]);
      const buyer = await testUser("buyer", 3);

      expect((await bidOn(buyer, auction.id)).status).toBe(200);
      const [message] = await Promise.all([
        watcher.next(stateHeard(auction.id, 1)),
        second.next(stateHeard(auction.id, 1)),
      ]);
      expect(message).toMatchObject({
        type: "bid_placed",
        auctionId: auction.id,
        status: "active",
        currentPrice: "2.01",
        totalBids: 1,
        // With the badge Recent Bids shows beside the bid: a user created just now is New.
        lastBidder: { username: buyer.username, memberSince: thisMonth(), isNew: true },
        winnerId: null,
        finalPrice: null,
        auto: false,
      });
      expect(Date.parse(message.endsAt)).toBe(auction.endsAt);
      expect(Math.abs(Date.parse(message.serverTime) - Date.now())).toBeLessThan(5000);
      expect(message.ledgerHead).toMatch(/^[0-9a-f]{64}$/);
      expect(message.ledgerHead).toBe((await getItem(keys.auction(auction.id)))?.ledgerHead);
      expectOrderKeys(watcher, auction.id, [2]);
      await elsewhere.settle();
      expect(elsewhere.messages).toEqual([]);
    });
  });

  describe("a watching connection", () => {
    it("receives each bid's state exactly once, sent by the direct path", async () => {
      const { auction, bidders } = await biddingWar();
      const watcher = await watch(auction.id);
      for (let n = 1; n <= 6; n++) {
        const releaseStream = holdStream();
        expect((await bidOn(bidders[n % 2]!, auction.id)).status).toBe(200);
        // The next bid comes once this one is on screen, as a rival would see it.
        await watcher.next(stateHeard(auction.id, n));
        expect(await deliveredBy(auction.id)).toBe("direct");
        releaseStream();
      }
      await watcher.settle();
      expect(statesOf(watcher, auction.id)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `bid_placed ${n}`));
      expectOrderKeys(watcher, auction.id, [2, 4, 6, 8, 10, 12]);
    });

    it("gets the state through the stream, once, when the hand-off fails (a faulty invoke)", async () => {
      const { auction, bidders } = await biddingWar();
      const watcher = await watch(auction.id);
      let attempts = 0;
      const faulty: LiveHandoff = {
        async handOff() {
          attempts++;
          throw Object.assign(new Error("Rate exceeded"), { name: "TooManyRequestsException" });
        },
      };
      installLiveHandoff(faulty);

      // The bid stands: its answer does not depend on the hand-off.
      const placed = await bidOn(bidders[0], auction.id);
      expect(placed.status).toBe(200);
      const heard = await watcher.next(stateHeard(auction.id, 1));
      // The stream's message carries the badge too (the auction item keeps the last bidder's account date).
      expect(heard.lastBidder).toEqual({
        username: bidders[0].username,
        memberSince: thisMonth(),
        isNew: true,
      });
      await watcher.settle();
      expect(attempts).toBe(1);
      expect(statesOf(watcher, auction.id)).toEqual(["bid_placed 1"]);
      expectOrderKeys(watcher, auction.id, [2]);
      expect(await deliveredBy(auction.id)).toBe("stream");
    });

    it("gets the state through the stream, once, when the broadcaster fails on the direct hand-off", async () => {
      const { auction, bidders } = await biddingWar();
      const watcher = await watch(auction.id);
      let failures = 0;
      const broken: HandlerLoader = async (handlerId) =>
        handlerId === eventHandlers.broadcaster
          ? async () => {
              failures++;
              throw new Error("broadcaster crashed");
            }
          : loadHandler(handlerId);
      const handoff = createLocalLiveHandoff({ loader: broken, log: () => {} });
      installLiveHandoff(handoff);

      expect((await bidOn(bidders[0], auction.id)).status).toBe(200);
      await handoff.idle();
      expect(failures).toBe(1);
      await watcher.next(stateHeard(auction.id, 1));
      await watcher.settle();
      expect(statesOf(watcher, auction.id)).toEqual(["bid_placed 1"]);
      expectOrderKeys(watcher, auction.id, [2]);
      expect(await deliveredBy(auction.id)).toBe("stream");
    });
  });

  describe("an auction's end", () => {
    async function oneBidThenOver() {
      const { auction } = await liveAuction({ durationSeconds: 30, extensionSeconds: 2 });
      const ann = await testUser("buyer", 5);
      const watcher = await watch(auction.id);
      expect((await bidOn(ann, auction.id)).status).toBe(200);
      await watcher.next(stateHeard(auction.id, 1));
      moveClockPast((await getItem(keys.auction(auction.id)))?.endsAt as number);
      return { auction, ann, watcher };
    }

    // A page's own read at 0:00 is what usually ends an auction, long before the closer's schedule.
    const reads: [string, (auctionId: string, winner: TestUser) => Promise<{ status: number }>][] = [
      ["the auction page", (id) => anonymous({ method: "GET", path: `/api/auctions/${id}` })],
      ["the live list", () => anonymous({ method: "GET", path: "/api/auctions" })],
      [
        "the Buy It Now offer",
        (id, winner) => winner.call({ method: "GET", path: `/api/auctions/${id}/buy-now` }),
      ],
      ["the wins page", (_, winner) => winner.call({ method: "GET", path: "/api/auctions/won" })],
    ];

    it.each(reads)(
      "reaches a watcher once as auction_ended with the winner, handed off by %s's read that ended it, with the stream running",
      async (_, read) => {
        const { auction, ann, watcher } = await oneBidThenOver();
        const releaseStream = holdStream();
        expect((await read(auction.id, ann)).status).toBe(200);
        expect((await getItem(keys.auction(auction.id)))?.status).toBe("won");
        await watcher.next(ended(auction.id));
        expect(await deliveredBy(auction.id)).toBe("direct");
        releaseStream();
        await watcher.settle();
        expect(statesOf(watcher, auction.id)).toEqual(["bid_placed 1", "auction_ended 1"]);
        expectOrderKeys(watcher, auction.id, [2, 3]);
        expect(watcher.messages.find(ended(auction.id))).toMatchObject({
          status: "won",
          winnerId: ann.id,
          winner: { username: ann.username },
          finalPrice: "0.51",
          currentPrice: "0.51",
          totalBids: 1,
        });
      },
    );

    it("reaches a watcher once through the stream when the closer's hand-off fails", async () => {
      const { auction, watcher } = await oneBidThenOver();
      let attempts = 0;
      installLiveHandoff({
        async handOff() {
          attempts++;
          throw Object.assign(new Error("Rate exceeded"), { name: "TooManyRequestsException" });
        },
      });
      expect(await invoke(eventHandlers.auctionCloser, { auctionId: auction.id })).toEqual({
        result: "finalized",
      });
      expect(attempts).toBe(1);
      await watcher.next(ended(auction.id));
      await watcher.settle();
      expect(statesOf(watcher, auction.id)).toEqual(["bid_placed 1", "auction_ended 1"]);
      expectOrderKeys(watcher, auction.id, [2, 3]);
      expect(await deliveredBy(auction.id)).toBe("stream");
    });
  });

  describe("the broadcaster", () => {
    // One auction per transport: each has its own delivery record.
    const base = broadcastAuction(`handoff-${transport}`);
    const withBids = (n: number): AuctionRecord => ({
      ...base,
      totalBids: n,
      priceCents: base.startingPriceCents + n,
      lastBidderId: `id-${n}`,
      lastBidderUsername: `bidder${n}`,
    });
    const auctionChange = (before: AuctionRecord, after: AuctionRecord) =>
      streamRecord(auctionItem(before), auctionItem(after));

    it("sends a state once whichever path brings it, and never one older than what it sent", async () => {
      const { handler } = await import("../../../functions/handlers/realtime/broadcaster.ts");
      const context = lambdaContext("realtime/broadcaster") as Context;
      const { auctionMessage } = await import("../../../functions/domain/realtime-messages.ts");
      // Only a live auction in the table can be watched.
      await putNewAuction(base);
      const watcher = await watch(base.id);
      const direct = (n: number) =>
        handler({ liveUpdate: auctionMessage(withBids(n), "bid", Date.now()) }, context);
      const stream = (...records: DynamoDBRecord[]) => handler({ Records: records }, context);

      await direct(1);
      await stream(auctionChange(withBids(0), withBids(1)));
      // The stream first, then the direct path: still once.
      await stream(auctionChange(withBids(1), withBids(2)));
      await direct(2);
      // A late direct hand-off of bid 3 after bid 4 went out: watchers never step back.
      await stream(auctionChange(withBids(2), withBids(3)), auctionChange(withBids(3), withBids(4)));
      await direct(3);
      await watcher.next(stateHeard(base.id, 4));
      await watcher.settle();
      expect(statesOf(watcher, base.id)).toEqual(["bid_placed 1", "bid_placed 2", "bid_placed 4"]);
      expectOrderKeys(watcher, base.id, [2, 4, 8]);
    });
  });
});

describe("who hands off", () => {
  function recording() {
    const handedOff: AuctionMessage[] = [];
    installLiveHandoff({
      async handOff(message) {
        handedOff.push(message);
      },
    });
    return handedOff;
  }

  it("the bid's, the Bid Agent engine's and the closer's functions, each with the state watchers get", async () => {
    const handedOff = recording();
    const { auction } = await liveAuction({ durationSeconds: 30, extensionSeconds: 2 });
    const [ann, agentUser] = await Promise.all([testUser("buyer", 5), testUser("buyer", 5)]);

    expect((await bidOn(ann, auction.id)).status).toBe(200);
    expect(handedOff).toEqual([
      expect.objectContaining({
        type: "bid_placed",
        auctionId: auction.id,
        totalBids: 1,
        currentPrice: "0.51",
        lastBidder: { username: ann.username, memberSince: thisMonth(), isNew: true },
        auto: false,
        ledgerHead: (await getItem(keys.auction(auction.id)))?.ledgerHead,
      }),
    ]);

    // No agent queue here: the engine's check is run by hand.
    const booked = await agentUser.call({
      method: "PUT",
      path: `/api/auctions/${auction.id}/agent`,
      body: { bids: 1 },
    });
    expect(booked.status).toBe(200);
    const afterAnn = await getItem(keys.auction(auction.id));
    // The engine's moment: inside the window, where its queued check would run.
    moveClockPast(agentCheckAt(afterAnn?.endsAt as number, Date.now(), 2), 0);
    // The engine's function, as its queue would call it.
    await invoke(eventHandlers.agentEngine, sqsEvent({ auctionId: auction.id, seenTotalBids: 1 }, "checks"));
    expect((await getItem(keys.auction(auction.id)))?.totalBids).toBe(2);
    expect(handedOff.at(-1)).toMatchObject({
      type: "bid_placed",
      totalBids: 2,
      // An agent's bid carries its user's badge too (the engine reads the user before bidding).
      lastBidder: { username: agentUser.username, memberSince: thisMonth(), isNew: true },
      auto: true,
    });

    const ended = await getItem(keys.auction(auction.id));
    moveClockPast(ended?.endsAt as number);
    // The closer's function, as the auction clock calls it.
    expect(await invoke(eventHandlers.auctionCloser, { auctionId: auction.id })).toEqual({
      result: "finalized",
    });
    expect(handedOff.at(-1)).toMatchObject({
      type: "auction_ended",
      status: "won",
      totalBids: 2,
      winnerId: agentUser.id,
      winner: { username: agentUser.username },
      finalPrice: "0.52",
    });
    expect(handedOff).toHaveLength(3);
  });
});
