/**
 * GET /api/auctions/ended, the Recent winners list: public, won auctions newest ended first, each with
 * the winner and their all-in cost (final price and the value of their bids) against retail.
 */

import { describe, expect, it } from "vitest";
import type { EndedAuctionsPage } from "#shared/schemas/auctions";
import { INVALID_CURSOR } from "../../../functions/adapters/dynamo/index-pages.ts";
import { auctionOf, bidInTurn, goldMaple } from "../support/actors.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { anonymous, testUser } from "./fixtures.ts";

useFreshTable("recent-winners");

/** A won auction, created `startedAgoSeconds` ago and run for `durationSeconds` (by default ended a minute ago). */
async function finishedWin(
  winnerBids: number,
  retailPriceCents?: number,
  { startedAgoSeconds = 120, durationSeconds = 60 } = {},
) {
  const seller = await testUser("seller");
  const [rival, winner] = await Promise.all([testUser("buyer", 10), testUser("buyer", 10)]);
  const startedAt = Date.now() - startedAgoSeconds * 1000;
  const auction = await auctionOf(seller, {
    product: {
      ...goldMaple(),
      ...(retailPriceCents ? { retailPriceCents, buyNowStock: 0 } : {}),
    },
    durationSeconds,
    now: startedAt,
  });
  const turns = Array.from({ length: winnerBids }, () => [rival, winner]).flat();
  await bidInTurn(auction.id, turns, startedAt);
  // A read finds it over and finalizes it, as the closer would.
  expect((await anonymous({ method: "GET", path: `/api/auctions/${auction.id}` })).status).toBe(200);
  return { auction, winner };
}

describe("recent winners", () => {
  it("lists won auctions to anyone, newest ended first, with the winner's all-in cost and retail", async () => {
    const older = await finishedWin(1);
    const newer = await finishedWin(2, 5000);
    const res = await anonymous<EndedAuctionsPage>({ method: "GET", path: "/api/auctions/ended" });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((a) => a.id);
    expect(ids.indexOf(newer.auction.id)).toBeLessThan(ids.indexOf(older.auction.id));
    const shown = res.body.items.find((a) => a.id === newer.auction.id)!;
    expect(shown).toMatchObject({
      product: { name: newer.auction.product.name, imageUrl: "/images/products/gold-coins.svg" },
      totalBids: 4,
      winner: { username: newer.winner.username },
      winnerBids: 2,
      retailPrice: "50.00",
    });
    // Four bids of 1 cent each from 1.00; the winner's two bids were given, not bought: worth nothing.
    expect(shown.finalPrice).toBe("1.04");
    expect(shown.allInCost).toBe("1.04");
    expect(Date.parse(shown.endedAt)).toBeLessThan(Date.now());
    expect(res.body.items.find((a) => a.id === older.auction.id)?.retailPrice).toBeNull();
  });

  it("orders by when each auction ended, not when it was created, across pages", async () => {
    // Created first, ended last; created last, ended first; the third between on both counts.
    const endedLast = await finishedWin(1, undefined, { startedAgoSeconds: 600, durationSeconds: 560 });
    const endedBetween = await finishedWin(1, undefined, { startedAgoSeconds: 500, durationSeconds: 400 });
    const endedFirst = await finishedWin(1, undefined, { startedAgoSeconds: 400, durationSeconds: 200 });
    const ours = new Set([endedLast, endedBetween, endedFirst].map((win) => win.auction.id));
    const listed: { id: string; endedAt: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const res = await anonymous<EndedAuctionsPage>({
        method: "GET",
        path: `/api/auctions/ended?limit=1${query}`,
      });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(1);
      listed.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(listed.filter((win) => ours.has(win.id)).map((win) => win.id)).toEqual([
      endedLast.auction.id,
      endedBetween.auction.id,
      endedFirst.auction.id,
    ]);
    const ends = listed.map((win) => Date.parse(win.endedAt));
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
    expect(new Set(listed.map((win) => win.id)).size).toBe(listed.length);
  });

  it("pages with limit and cursor and refuses a forged cursor", async () => {
    await finishedWin(1);
    await finishedWin(1);
    const first = await anonymous<EndedAuctionsPage>({ method: "GET", path: "/api/auctions/ended?limit=1" });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await anonymous<EndedAuctionsPage>({
      method: "GET",
      path: `/api/auctions/ended?limit=1&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]!.id).not.toBe(first.body.items[0]!.id);
    const forged = await anonymous({ method: "GET", path: "/api/auctions/ended?cursor=abc" });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: INVALID_CURSOR });
  });
});
