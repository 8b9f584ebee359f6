/**
 * GET /api/auctions/ended, the Recent winners list: public, won auctions newest first, each with the
 * winner and their all-in cost (final price and the value of their bids) against retail.
 */
import { describe, expect, it } from "vitest";
import type { EndedAuctionsPage } from "#shared/schemas/auctions";
import { INVALID_CURSOR } from "../../../functions/adapters/dynamo/index-pages.ts";
import { auctionOf, bidInTurn } from "../support/actors.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { anonymous, testUser } from "./fixtures.ts";

useFreshTable("recent-winners");

async function finishedWin(winnerBids: number, retailPriceCents?: number) {
  const seller = await testUser("seller");
  const [rival, winner] = await Promise.all([testUser("buyer", 10), testUser("buyer", 10)]);
  const startedAt = Date.now() - 120_000;
  const auction = await auctionOf(seller, {
    product: {
      name: `Gold Maple ${Math.random().toString(36).slice(2, 6)}`,
      description: "One ounce of gold.",
      metalType: "gold",
      imageUrl: "/images/products/gold-coins.svg",
      startingPriceCents: 100,
      ...(retailPriceCents ? { retailPriceCents, buyNowStock: 0 } : {}),
    },
    durationSeconds: 60,
    now: startedAt,
  });
  const turns = Array.from({ length: winnerBids }, () => [rival, winner]).flat();
  await bidInTurn(auction.id, turns, startedAt);
  // A read finds it over and finalizes it, as the closer would.
  expect((await anonymous({ method: "GET", path: `/api/auctions/${auction.id}` })).status).toBe(200);
  return { auction, winner };
}

describe("recent winners", () => {
  it("lists won auctions to anyone, newest first, with the winner's all-in cost and retail", async () => {
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
