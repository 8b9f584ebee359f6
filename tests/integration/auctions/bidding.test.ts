import { describe, expect, it } from "vitest";
import type { AuctionDetail, AuctionSummary, PlaceBidResponse } from "#shared/schemas/auctions";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { auctionIdForProduct, startAuction } from "../../../functions/usecases/auctions/start-auction.ts";
import { placeBid } from "../../../functions/usecases/bidding/place-bid.ts";
import { moveClockPast } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { anonymous, bidItems, bidOn, getItem, liveAuction, recordingClock, testUser } from "./fixtures.ts";

useFreshTable("auction-bids");

/** Everything a bid could touch: the bidder, the auction and its bid partition. */
async function snapshot(userId: string, auctionId: string) {
  return {
    user: await getItem(keys.user(userId)),
    auction: await getItem(keys.auction(auctionId)),
    bids: await bidItems(auctionId),
  };
}

describe("public payloads", () => {
  it("carry usernames, never user ids: not the bidders', the seller's or the winner's", async () => {
    const { auction, seller } = await liveAuction({ durationSeconds: 60 });
    const [a, b] = [await testUser("buyer", 3), await testUser("buyer", 3)];
    for (const bidder of [a, b]) expect((await bidOn(bidder, auction.id)).status).toBe(200);
    const bid = await bidOn(a, auction.id);
    const live = [
      await anonymous({ method: "GET", path: "/api/auctions" }),
      await anonymous({ method: "GET", path: `/api/auctions/${auction.id}` }),
      await anonymous({ method: "GET", path: `/api/auctions/${auction.id}/ledger` }),
      bid,
    ];
    moveClockPast((await getItem(keys.auction(auction.id)))?.endsAt as number);
    const ended = await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    // The winner's badge: the month the account joined and that it is new (created just now).
    expect(ended.body.winner).toEqual({
      username: a.username,
      memberSince: new Date().toISOString().slice(0, 7),
      isNew: true,
    });
    for (const res of [...live, ended]) {
      const text = JSON.stringify(res.body);
      for (const user of [a, b, seller]) expect(text).not.toContain(user.id);
      expect(text).not.toMatch(/"(userId|winnerId|sellerUserId|lastBidderId)"/);
    }
  });
});

describe("placing a bid", () => {
  it("costs one credit, adds one cent, records bid 1 and names the bidder", async () => {
    const { auction } = await liveAuction({ startingPriceCents: 125 });
    const buyer = await testUser("buyer", 5);

    const res = await bidOn(buyer, auction.id);

    expect(res.status).toBe(200);
    const body = res.body as unknown as PlaceBidResponse;
    expect(body.auction).toMatchObject({
      id: auction.id,
      status: "active",
      currentPrice: "1.26",
      totalBids: 1,
      lastBidder: { username: buyer.username },
    });
    expect(Date.parse(body.auction.serverTime)).toBeGreaterThan(0);
    expect(body.bid).toMatchObject({ sequence: 1, amount: "1.26", user: { username: buyer.username } });

    const after = await snapshot(buyer.id, auction.id);
    expect(after.user?.bidBalance).toBe(4);
    expect(after.user?.lastBidAt).toBe(body.bid.createdAt);
    expect(after.auction).toMatchObject({ priceCents: 126, totalBids: 1, lastBidderId: buyer.id });
    expect(after.bids).toHaveLength(1);
    expect(after.bids[0]).toMatchObject({ sk: "BID#0000000001", userId: buyer.id, amountCents: 126 });
    // The bid changed no index key: the auction is still listed exactly as before.
    expect(after.auction?.gsi1pk).toBe("AUCTIONS#active");
    expect(after.auction?.gsi1sk).toBe(`${auction.createdAt}#${auction.id}`);
  });

  it("the detail shows the latest bids oldest to newest and the list shows the new state", async () => {
    const { auction } = await liveAuction();
    const [a, b] = [await testUser("buyer", 3), await testUser("buyer", 3)];
    for (const bidder of [a, b, a]) expect((await bidOn(bidder, auction.id)).status).toBe(200);

    const detail = await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(detail.status).toBe(200);
    expect(detail.body.bids.map((bid) => [bid.sequence, bid.user.username, bid.amount])).toEqual([
      [1, a.username, "0.51"],
      [2, b.username, "0.52"],
      [3, a.username, "0.53"],
    ]);
    expect(detail.body).toMatchObject({
      totalBids: 3,
      currentPrice: "0.53",
      lastBidder: { username: a.username },
    });
    expect(detail.body.seller).toMatchObject({ businessName: expect.stringContaining("Metals") });

    const list = await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions" });
    expect(list.body.find((x) => x.id === auction.id)).toMatchObject({
      totalBids: 3,
      currentPrice: "0.53",
      lastBidder: { username: a.username },
    });
  });

  it("keeps the end when more than 10 s remain and moves it to now + 10 s when 10 s or less remain", async () => {
    const { auction: long } = await liveAuction({ durationSeconds: 60 });
    const { auction: short } = await liveAuction({ durationSeconds: 30 });
    const buyer = await testUser("buyer", 5);

    await bidOn(buyer, long.id);
    expect((await getItem(keys.auction(long.id)))?.endsAt).toBe(long.endsAt);

    moveClockPast(short.endsAt - 5000, 0);

    const before = Date.now();
    const res = await bidOn(buyer, short.id);
    const after = Date.now();
    const endsAt = (await getItem(keys.auction(short.id)))?.endsAt as number;
    expect(res.status).toBe(200);
    expect(endsAt).toBeGreaterThanOrEqual(before + 10_000);
    expect(endsAt).toBeLessThanOrEqual(after + 10_000);
    expect(Date.parse((res.body as unknown as PlaceBidResponse).auction.endsAt)).toBe(endsAt);
  });
});

describe("a refused bid changes nothing", () => {
  async function expectRefusal(
    user: { id: string },
    auctionId: string,
    attempt: () => Promise<{ status: number; body: unknown }>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await snapshot(user.id, auctionId);
    const res = await attempt();
    expect(res.status).toBe(status);
    expect((res.body as { message: string }).message).toMatch(message);
    expect(await snapshot(user.id, auctionId)).toEqual(before);
  }

  it("without credits: 402 Insufficient bid credits", async () => {
    const { auction } = await liveAuction();
    const broke = await testUser("buyer", 0);
    await expectRefusal(broke, auction.id, () => bidOn(broke, auction.id), 402, /^Insufficient bid credits$/);
  });

  it("on one's own auction: You cannot bid on your own items", async () => {
    // The seller has credits, so the refusal is about ownership, not money.
    const { auction, seller } = await liveAuction({ sellerCredits: 5 });
    await expectRefusal(
      seller,
      auction.id,
      () => bidOn(seller, auction.id),
      403,
      /^You cannot bid on your own items$/,
    );
  });

  it("when already the highest bidder: 409", async () => {
    const { auction } = await liveAuction();
    const buyer = await testUser("buyer", 5);
    expect((await bidOn(buyer, auction.id)).status).toBe(200);
    await expectRefusal(
      buyer,
      auction.id,
      () => bidOn(buyer, auction.id),
      409,
      /^You are already the highest bidder$/,
    );
  });

  it("after the end: Auction has ended, and the auction is finished by that read", async () => {
    // Under the minute after which a request touches the session: the refusal writes nothing.
    const { auction } = await liveAuction({ durationSeconds: 30 });
    const buyer = await testUser("buyer", 5);
    moveClockPast(auction.endsAt);
    const before = await snapshot(buyer.id, auction.id);
    const res = await bidOn(buyer, auction.id);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe("Auction has ended");
    const after = await snapshot(buyer.id, auction.id);
    expect(after.user).toEqual(before.user);
    expect(after.bids).toEqual([]);
    expect(after.auction).toMatchObject({
      status: "ended",
      gsi1pk: "AUCTIONS#ended",
      totalBids: 0,
      priceCents: 50,
    });
  });

  it("on an unknown auction: 404; signed out: 401", async () => {
    const buyer = await testUser("buyer", 5);
    const unknown = await bidOn(buyer, "no-such-auction");
    expect(unknown.status).toBe(404);
    expect((unknown.body as { message: string }).message).toBe("Auction not found");

    const { auction } = await liveAuction();
    await expectRefusal(
      buyer,
      auction.id,
      () => anonymous({ method: "POST", path: `/api/auctions/${auction.id}/bid` }),
      401,
      /.+/,
    );
    expect((await getItem(keys.user(buyer.id)))?.bidBalance).toBe(5);
  });
});

describe("the end", () => {
  it("a read after the end makes the last bidder the winner, once, and the list drops it", async () => {
    const { auction } = await liveAuction({ durationSeconds: 60, extensionSeconds: 1 });
    const [a, b] = [await testUser("buyer", 2), await testUser("buyer", 2)];
    expect((await bidOn(a, auction.id)).status).toBe(200);
    expect((await bidOn(b, auction.id)).status).toBe(200);
    const endsAt = (await getItem(keys.auction(auction.id)))?.endsAt as number;
    moveClockPast(endsAt);

    const detail = await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(detail.body).toMatchObject({
      status: "won",
      winner: { username: b.username },
      currentPrice: "0.52",
      totalBids: 2,
    });
    const stored = await getItem(keys.auction(auction.id));
    expect(stored).toMatchObject({
      status: "won",
      gsi1pk: "AUCTIONS#won",
      gsi3pk: `USER#${b.id}#WINS`,
      endedAt: new Date(endsAt).toISOString(),
    });

    const list = await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions" });
    expect(list.body.some((x) => x.id === auction.id)).toBe(false);
  });

  it("two closers and a reader racing at the end finalize it exactly once", async () => {
    const { closeAuction } = await import("../../../functions/usecases/auctions/close-auction.ts");
    const { auctionEndings } = await import("./fixtures.ts");
    const rounds = 5;
    const auctions = await Promise.all(
      Array.from({ length: rounds }, () => liveAuction({ durationSeconds: 60, extensionSeconds: 1 })),
    );
    const buyer = await testUser("buyer", rounds);
    for (const { auction } of auctions) expect((await bidOn(buyer, auction.id)).status).toBe(200);
    const lastEnd = Math.max(
      ...(await Promise.all(
        auctions.map(async ({ auction }) => (await getItem(keys.auction(auction.id)))?.endsAt as number),
      )),
    );
    moveClockPast(lastEnd);

    for (const { auction } of auctions) {
      const clock = recordingClock();
      const results = await Promise.all([
        closeAuction(auction.id, Date.now(), clock),
        closeAuction(auction.id, Date.now(), clock),
        anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` }),
      ]);
      const closerResults = results.slice(0, 2);
      expect(closerResults.every((r) => r === "finalized" || r === "already-finished")).toBe(true);
      expect((results[2] as { body: AuctionDetail }).body).toMatchObject({
        status: "won",
        winner: { username: buyer.username },
      });
      expect(clock.armed).toEqual([]);
    }
    // The stream is the witness: one active -> won transition per auction, whoever did it.
    for (const { auction } of auctions) {
      expect(await auctionEndings(auction.id)).toEqual([{ oldStatus: "active", newStatus: "won" }]);
    }
  });

  it("an auction with no bids ends without a winner", async () => {
    const { auction } = await liveAuction({ durationSeconds: 60 });
    moveClockPast(auction.endsAt);
    const detail = await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(detail.body).toMatchObject({ status: "ended", winner: null, totalBids: 0 });
  });

  it("the closer re-arms the clock when a bid moved the end, and finalizes once it is over", async () => {
    const { closeAuction } = await import("../../../functions/usecases/auctions/close-auction.ts");
    const { auction } = await liveAuction({ durationSeconds: 60, extensionSeconds: 10 });
    const buyer = await testUser("buyer", 1);
    moveClockPast(auction.endsAt - 5000, 0); // inside the extension window
    await placeBid({ auctionId: auction.id, bidder: { id: buyer.id, username: buyer.username } });
    const moved = (await getItem(keys.auction(auction.id)))?.endsAt as number;
    expect(moved).toBeGreaterThan(auction.endsAt);

    // The clock fires at the original end: too early now.
    moveClockPast(auction.endsAt);
    const clock = recordingClock();
    expect(await closeAuction(auction.id, Date.now(), clock)).toBe("re-armed");
    expect(clock.armed).toEqual([{ auctionId: auction.id, endsAt: moved, rearmed: true }]);
    expect((await getItem(keys.auction(auction.id)))?.status).toBe("active");

    moveClockPast(moved);
    expect(await closeAuction(auction.id, Date.now(), clock)).toBe("finalized");
    expect(await closeAuction(auction.id, Date.now(), clock)).toBe("already-finished");
    expect(clock.armed).toHaveLength(1);
    expect(await closeAuction("no-such-auction", Date.now(), clock)).toBe("missing");
  });

  it("the closer handler takes the scheduler's payload", async () => {
    const { handler } = await import("../../../functions/handlers/auctions/close-auction.ts");
    const { auction } = await liveAuction({ durationSeconds: 60 });
    moveClockPast(auction.endsAt);
    expect(await handler({ auctionId: auction.id })).toEqual({ result: "finalized" });
    expect(await handler({ nope: true })).toEqual({ result: "invalid" });
    expect((await getItem(keys.auction(auction.id)))?.status).toBe("ended");
  });
});

describe("starting an auction", () => {
  it("is idempotent per product and arms the clock at the end", async () => {
    const seller = await testUser("seller");
    const clock = recordingClock();
    const now = Date.now();
    const input = {
      product: {
        id: "idempotent-product",
        sellerId: seller.sellerId!,
        name: "Gold Ring",
        description: "A ring.",
        metalType: "gold" as const,
        imageUrl: "/images/products/gold-jewelry.svg",
        startingPriceCents: 300,
      },
      seller: { id: seller.sellerId!, userId: seller.id, businessName: "Ring Co" },
      durationSeconds: 120,
      now,
      clock,
    };
    const first = await startAuction(input);
    const second = await startAuction({ ...input, durationSeconds: 999, now: now + 5000 });

    expect(second).toEqual(first);
    expect(first).toMatchObject({
      id: auctionIdForProduct("idempotent-product"),
      status: "active",
      priceCents: 300,
      bidIncrementCents: 1,
      totalBids: 0,
      endsAt: now + 120_000,
      sellerUserId: seller.id,
    });
    expect(await getItem(keys.auction(first.id))).toMatchObject({
      gsi1pk: "AUCTIONS#active",
      gsi2pk: `SELLER#${seller.sellerId}#AUCTIONS`,
    });
    expect(clock.armed).toEqual([
      { auctionId: first.id, endsAt: now + 120_000 },
      { auctionId: first.id, endsAt: now + 120_000 },
    ]);
  });
});
