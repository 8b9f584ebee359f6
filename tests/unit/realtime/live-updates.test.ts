import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type AuctionDetail,
  type AuctionMessage,
  type AuctionSummary,
  socketMessageSchema,
  watchMessageSchema,
} from "#shared/schemas/auctions";
import {
  type AuctionImage,
  auctionMessage,
  auctionMessageFor,
  deliveryRank,
  latestMessagePerAuction,
} from "../../../functions/domain/realtime-messages.ts";
import {
  applyMessage,
  applyMessageToDetail,
  keepNewerAuction,
  keepNewerAuctionList,
  keepUnchangedAuctions,
} from "../../../web/src/features/auctions/lib/cache-merge.ts";
import {
  RECENTLY_ENDED_MS,
  rememberEnded,
  vanishedWhileLive,
} from "../../../web/src/features/auctions/lib/recently-ended.ts";
import { readSocketMessage } from "../../../web/src/features/auctions/lib/socket-messages.ts";
import { socketUrl, watchSet } from "../../../web/src/lib/realtime/socket.ts";

const NOW = Date.parse("2030-01-01T00:00:00.000Z");
const image = (overrides: Partial<AuctionImage> = {}): AuctionImage => ({
  id: "a1",
  status: "active",
  priceCents: 150,
  totalBids: 5,
  endsAt: NOW + 60_000,
  lastBidderUsername: "ann",
  startingPriceCents: 145,
  createdAt: new Date(NOW - 3_600_000).toISOString(),
  ledgerHead: "head-after-bid-5",
  ...overrides,
});

/** A bid_placed message: bob's bid at $1.51. */
const message = (overrides: Partial<AuctionMessage> = {}): AuctionMessage =>
  ({
    type: "bid_placed",
    auctionId: "a1",
    status: "active",
    currentPrice: "1.51",
    totalBids: 51,
    endsAt: new Date(NOW + 70_000).toISOString(),
    lastBidder: { username: "bob" },
    serverTime: new Date(NOW + 1000).toISOString(),
    locked: false,
    winnerId: null,
    finalPrice: null,
    ...overrides,
  }) as AuctionMessage;

describe("socket messages from a change", () => {
  it("a change that adds bids is bid_placed with the new state", () => {
    expect(
      auctionMessageFor(
        image(),
        image({ totalBids: 6, priceCents: 151, lastBidderUsername: "bob", ledgerHead: "head-after-bid-6" }),
        NOW,
      ),
    ).toEqual(
      message({
        totalBids: 6,
        endsAt: new Date(NOW + 60_000).toISOString(),
        serverTime: new Date(NOW).toISOString(),
        ledgerHead: "head-after-bid-6",
        auto: false,
      }),
    );
  });

  it("says the auction locked once the bid that reached its lock price is in", () => {
    const locking = image({ totalBids: 6, priceCents: 151, lockAtPriceCents: 151, locked: true });
    expect(auctionMessageFor(image({ lockAtPriceCents: 151 }), locking, NOW)).toMatchObject({
      type: "bid_placed",
      locked: true,
    });
  });

  it("carries the last bidder's badge with the bid: the month they joined, New under 30 days", () => {
    const joined = (daysAgo: number) => new Date(NOW - daysAgo * 86_400_000).toISOString();
    const bidBy = (joinedAt: string | undefined) =>
      auctionMessageFor(
        image(),
        image({
          totalBids: 6,
          lastBidderUsername: "bob",
          ...(joinedAt ? { lastBidderJoinedAt: joinedAt } : {}),
        }),
        NOW,
      )?.lastBidder;
    expect(bidBy(joined(3))).toEqual({ username: "bob", memberSince: "2029-12", isNew: true });
    expect(bidBy(joined(45))).toEqual({ username: "bob", memberSince: "2029-11", isNew: false });
    // Kept only since the badge went live: an older auction's bid has none (the next read brings it).
    expect(bidBy(undefined)).toEqual({ username: "bob" });
    // The end names its winner only; the detail's read carries the winner's badge.
    const ended = auctionMessageFor(
      image(),
      image({ status: "won", winnerId: "u1", winnerUsername: "ann", lastBidderJoinedAt: joined(3) }),
      NOW,
    );
    expect(ended?.lastBidder).toEqual({ username: "ann" });
  });

  it("carries the genesis hash before any bid", () => {
    const unbid = image({ totalBids: 0, lastBidderUsername: undefined, ledgerHead: undefined });
    const ended = auctionMessageFor(unbid, { ...unbid, status: "ended" }, NOW);
    // sha256("a1|145|<created ms>"), recomputed here from the published canonical form.
    const genesis = createHash("sha256")
      .update(`a1|145|${NOW - 3_600_000}`)
      .digest("hex");
    expect(ended?.ledgerHead).toBe(genesis);
  });

  it("the change that finishes it is auction_ended, with or without a winner", () => {
    const won = auctionMessageFor(
      image(),
      image({ status: "won", winnerId: "u-ann", winnerUsername: "ann" }),
      NOW,
    );
    expect(won).toMatchObject({
      type: "auction_ended",
      status: "won",
      winnerId: "u-ann",
      winner: { username: "ann" },
      finalPrice: "1.50",
    });
    const unsold = auctionMessageFor(
      image({ totalBids: 0, lastBidderUsername: undefined }),
      image({ status: "ended", totalBids: 0, lastBidderUsername: undefined }),
      NOW,
    );
    expect(unsold).toMatchObject({ type: "auction_ended", winnerId: null, winner: null, lastBidder: null });
  });

  it("creation, deletion and changes no watcher sees send nothing", () => {
    expect(auctionMessageFor(undefined, image(), NOW)).toBeNull();
    expect(auctionMessageFor(image(), undefined, NOW)).toBeNull();
    expect(auctionMessageFor(image(), image(), NOW)).toBeNull();
    expect(auctionMessageFor(image({ status: "won" }), image({ status: "won" }), NOW)).toBeNull();
  });

  it("a batch becomes one message per auction: the latest, or the end if it ended", () => {
    const bid = (id: string, n: number) =>
      auctionMessageFor(image({ id, totalBids: n - 1 }), image({ id, totalBids: n }), NOW)!;
    const end = auctionMessageFor(image({ id: "b" }), image({ id: "b", status: "won", winnerId: "x" }), NOW)!;
    const out = latestMessagePerAuction([bid("a", 1), bid("b", 1), bid("a", 2), end, bid("a", 3)]);
    expect(out.map((m) => [m.auctionId, m.type, m.totalBids])).toEqual([
      ["a", "bid_placed", 3],
      ["b", "auction_ended", 5],
    ]);
  });

  it("the direct hand-off's message is the one the stream builds from the same change", () => {
    const before = image();
    const bid = image({ totalBids: 6, priceCents: 151, lastBidderUsername: "bob", lastBidAuto: true });
    expect(auctionMessage(bid, "bid", NOW)).toEqual(auctionMessageFor(before, bid, NOW));
    const won = image({ status: "won", winnerId: "u-ann", winnerUsername: "ann" });
    expect(auctionMessage(won, "ended", NOW)).toEqual(auctionMessageFor(before, won, NOW));
  });

  it("ranks states so a later one always outranks an earlier one, and an end its last bid", () => {
    const bid = (n: number) => auctionMessage(image({ totalBids: n }), "bid", NOW);
    const end = (n: number) => auctionMessage(image({ totalBids: n, status: "won" }), "ended", NOW);
    const inOrder = [bid(1), bid(2), end(2)].map(deliveryRank);
    expect(inOrder).toEqual([...inOrder].sort((a, b) => a - b));
    expect(new Set(inOrder).size).toBe(3);
    // An auction that ended without bids still outranks "nothing sent yet" (0).
    expect(deliveryRank(end(0))).toBeGreaterThan(0);
    expect(deliveryRank(bid(1))).toBeGreaterThan(0);
  });
});

const summary = (overrides: Partial<AuctionSummary> = {}): AuctionSummary => ({
  id: "a1",
  productId: "p1",
  status: "active",
  currentPrice: "1.50",
  startingPrice: "1.00",
  bidIncrement: "0.01",
  totalBids: 50,
  endsAt: new Date(NOW + 60_000).toISOString(),
  createdAt: new Date(NOW - 60_000).toISOString(),
  lastBidder: { username: "ann" },
  winner: null,
  activeAgents: 0,
  beginner: false,
  lockAtPrice: null,
  locked: false,
  retailPrice: null,
  buyNowStockLeft: 0,
  product: {
    id: "p1",
    name: "Coin",
    description: "d",
    metalType: "silver",
    weight: null,
    purity: null,
    fineOz: null,
    imageUrl: "/x.svg",
    startingPrice: "1.00",
  },
  seller: { id: "s1", businessName: "Biz", description: null },
  serverTime: new Date(NOW).toISOString(),
  ...overrides,
});

describe("the query cache and the socket", () => {
  it("a message updates the cached auction at once", () => {
    expect(applyMessage(summary(), message())).toMatchObject({
      currentPrice: "1.51",
      totalBids: 51,
      lastBidder: { username: "bob" },
      endsAt: new Date(NOW + 70_000).toISOString(),
    });
  });

  it("an older message or another auction's changes nothing", () => {
    const cached = summary();
    expect(applyMessage(cached, message({ totalBids: 50 }))).toBe(cached);
    expect(applyMessage(cached, message({ auctionId: "other" }))).toBe(cached);
    const ended = summary({ status: "won" });
    expect(applyMessage(ended, message({ totalBids: 99 }))).toBe(ended);
  });

  it("auction_ended sets the winner", () => {
    const end = message({
      type: "auction_ended",
      status: "won",
      totalBids: 50,
      winnerId: "u-ann",
      finalPrice: "1.50",
      winner: { username: "ann" },
    } as Partial<AuctionMessage>);
    expect(applyMessage(summary(), end)).toMatchObject({
      status: "won",
      winner: { username: "ann" },
    });
  });

  it("a poll answered before the socket's news does not roll the auction back", () => {
    const fresh = summary({ totalBids: 51, currentPrice: "1.51" });
    const stalePoll = summary({ totalBids: 50 });
    expect(keepNewerAuction(fresh, stalePoll)).toBe(fresh);
    expect(keepNewerAuction(stalePoll, fresh)).toBe(fresh);
    expect(keepNewerAuction(summary({ status: "won" }), summary({ totalBids: 60 })).status).toBe("won");
    expect(keepNewerAuctionList([fresh], [stalePoll, summary({ id: "a2" })]).map((a) => a.totalBids)).toEqual(
      [51, 50],
    );
  });

  it("a poll that only brings a newer serverTime keeps the cached auction (its card does not re-render)", () => {
    const cached = summary();
    const sameLater = { ...summary(), serverTime: new Date(NOW + 1000).toISOString() };
    const bidLater = {
      ...summary({ totalBids: 51, currentPrice: "1.51" }),
      serverTime: sameLater.serverTime,
    };
    const [kept, changed, added] = keepUnchangedAuctions(
      [cached, summary({ id: "a2" })],
      [sameLater, { ...bidLater, id: "a2" }, summary({ id: "a3" })],
    );
    expect(kept).toBe(cached);
    expect(changed).toMatchObject({ id: "a2", totalBids: 51, serverTime: sameLater.serverTime });
    expect(added?.id).toBe("a3");
    expect(keepUnchangedAuctions(undefined, [sameLater])[0]).toBe(sameLater);
  });

  it("the next bid joins the detail's recent bids; after a gap the poll fills them in", () => {
    const detail: AuctionDetail = {
      ...summary(),
      bids: [
        {
          id: "a1-50",
          auctionId: "a1",
          amount: "1.50",
          sequence: 50,
          createdAt: new Date(NOW).toISOString(),
          user: { username: "ann" },
          auto: false,
        },
      ],
    };
    const next = applyMessageToDetail(detail, message({ auto: true }));
    expect(next.bids.map((b) => [b.sequence, b.user.username, b.amount, b.auto])).toEqual([
      [50, "ann", "1.50", false],
      [51, "bob", "1.51", true],
    ]);
    // A message with the bidder's badge: Recent Bids shows it at once; the summary names the leader only.
    const badged = applyMessageToDetail(
      detail,
      message({ lastBidder: { username: "bob", memberSince: "2029-12", isNew: true } }),
    );
    expect(badged.bids.at(-1)?.user).toEqual({ username: "bob", memberSince: "2029-12", isNew: true });
    expect(badged.lastBidder).toEqual({ username: "bob" });
    expect(next.bids.at(-1)?.user).toEqual({ username: "bob" });
    const gap = applyMessageToDetail(detail, message({ totalBids: 53, currentPrice: "1.53" }));
    expect(gap.totalBids).toBe(53);
    expect(gap.bids).toHaveLength(1);
  });
});

describe("the socket's address", () => {
  it("uses /ws on the page's host, secure when the page is", () => {
    expect(socketUrl({ protocol: "https:", host: "shop.example" })).toBe("wss://shop.example/ws");
    expect(socketUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/ws");
  });
});

describe("watching what the page shows", () => {
  it("sends each id once, at most 100, keeping the first ones (ending soonest) when cutting", () => {
    expect(watchSet(["b", "a", "b"])).toEqual(["a", "b"]);
    const ids = Array.from({ length: 120 }, (_, i) => `id-${String(i).padStart(3, "0")}`);
    const sent = watchSet(ids);
    expect(sent).toHaveLength(100);
    expect(sent).toContain("id-000");
    expect(sent).not.toContain("id-100");
    expect(watchMessageSchema.safeParse({ type: "watch", auctionIds: sent }).success).toBe(true);
  });

  it("the server refuses a set over 100 or an empty id", () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => `a${i}`);
    const refused = watchMessageSchema.safeParse({ type: "watch", auctionIds: tooMany });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("A connection can watch at most 100 auctions");
    expect(watchMessageSchema.safeParse({ type: "watch", auctionIds: [""] }).success).toBe(false);
    expect(watchMessageSchema.safeParse({ type: "watch", auctionIds: "a" }).success).toBe(false);
  });
});

describe("reading socket messages without zod", () => {
  it("accepts every message the schema accepts, and drops what it does not", () => {
    const placed = auctionMessageFor(image(), image({ totalBids: 6, priceCents: 151 }), NOW)!;
    const ended = auctionMessageFor(
      image(),
      image({ status: "won", winnerId: "u1", winnerUsername: "ann" }),
      NOW,
    )!;
    const good: Record<string, unknown>[] = [
      placed,
      ended,
      { type: "connected", serverTime: new Date(NOW).toISOString() },
      { type: "watching", auctionIds: ["a1"] },
      { type: "error", message: "A connection can watch at most 100 auctions" },
    ];
    for (const message of good) {
      expect(socketMessageSchema.safeParse(message).success).toBe(true);
      expect(readSocketMessage(message)).toBe(message);
    }
    const bad: Record<string, unknown>[] = [
      { type: "bid_placed" },
      { ...placed, totalBids: "6" },
      { ...placed, auctionId: 1 },
      { ...ended, finalPrice: undefined },
      { type: "connected" },
      { type: "watching", auctionIds: "a1" },
      { type: "surprise", serverTime: "x" },
    ];
    for (const message of bad) {
      expect(socketMessageSchema.safeParse(message).success).toBe(false);
      expect(readSocketMessage(message)).toBeNull();
    }
  });
});

describe("auctions the home page saw end", () => {
  const summary = (id: string, status: AuctionSummary["status"]) =>
    ({ id, status, endsAt: new Date(NOW).toISOString() }) as AuctionSummary;

  it("keeps an ended auction for five minutes from when it was first seen ended, with its latest state", () => {
    let kept = rememberEnded(new Map(), [summary("a", "active"), summary("b", "won")], NOW);
    expect([...kept.keys()]).toEqual(["b"]);
    // The next poll no longer lists it: it stays, first-seen time unchanged.
    kept = rememberEnded(kept, [summary("a", "active")], NOW + 60_000);
    expect(kept.get("b")?.seenAt).toBe(NOW);
    kept = rememberEnded(kept, [summary("c", "ended")], NOW + RECENTLY_ENDED_MS - 1);
    expect([...kept.keys()].sort()).toEqual(["b", "c"]);
    kept = rememberEnded(kept, [], NOW + RECENTLY_ENDED_MS);
    expect([...kept.keys()]).toEqual(["c"]);
  });

  it("names the auctions shown live that the next list no longer has, and only those", () => {
    const first = [
      summary("a", "active"),
      summary("b", "active"),
      summary("c", "won"),
      summary("d", "active"),
    ];
    expect(vanishedWhileLive(undefined, first)).toEqual([]);
    // b still live, c (already seen ended) and a gone, d now listed ended, e new.
    expect(
      vanishedWhileLive(first, [summary("b", "active"), summary("d", "ended"), summary("e", "active")]),
    ).toEqual(["a"]);
    expect(vanishedWhileLive(first, first)).toEqual([]);
    expect(vanishedWhileLive(first, [])).toEqual(["a", "b", "d"]);
  });
});
