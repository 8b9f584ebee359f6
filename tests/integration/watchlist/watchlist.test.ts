/**
 * The watchlist through its routes: PUT/DELETE /api/me/watchlist/{auctionId} and the paged
 * GET /api/me/watchlist, each auction in its live state, read by the user's own key.
 */
import { describe, expect, it } from "vitest";
import type { AuctionSummary } from "#shared/schemas/auctions";
import type { WatchlistChange, WatchlistPage } from "#shared/schemas/watchlist";
import { INVALID_CURSOR } from "../../../functions/adapters/dynamo/index-pages.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { anonymous, bidOn, getItem, liveAuction, testUser } from "../auctions/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("watchlist");

const watch = (user: Awaited<ReturnType<typeof testUser>>, auctionId: string) =>
  user.call<WatchlistChange>({ method: "PUT", path: `/api/me/watchlist/${auctionId}` });
const unwatch = (user: Awaited<ReturnType<typeof testUser>>, auctionId: string) =>
  user.call<WatchlistChange>({ method: "DELETE", path: `/api/me/watchlist/${auctionId}` });

describe("watchlist", () => {
  it("lists the watched auctions, newest watched first, each with its live state", async () => {
    const user = await testUser("buyer", 5);
    const first = (await liveAuction()).auction;
    const second = (await liveAuction()).auction;
    expect((await watch(user, first.id)).body).toEqual({ auctionId: first.id, watching: true });
    expect((await watch(user, second.id)).status).toBe(200);
    expect((await bidOn(user, first.id)).status).toBe(200);

    const res = await user.call<WatchlistPage>({ method: "GET", path: "/api/me/watchlist" });
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.items.map((a) => a.id)).toEqual([second.id, first.id]);
    const live = res.body.items[1]!;
    const detail = await anonymous<AuctionSummary>({ method: "GET", path: `/api/auctions/${first.id}` });
    expect(live.totalBids).toBe(1);
    expect(live.lastBidder).toEqual({ username: user.username });
    expect(live.currentPrice).toBe(detail.body.currentPrice);
    expect(live.endsAt).toBe(detail.body.endsAt);
  });

  it("watching twice keeps one entry; DELETE takes it off and is harmless when repeated", async () => {
    const user = await testUser();
    const { auction } = await liveAuction();
    await watch(user, auction.id);
    const entry = await getItem(keys.watchlistEntry(auction.id, user.id));
    await watch(user, auction.id);
    expect(await getItem(keys.watchlistEntry(auction.id, user.id))).toEqual(entry);

    expect((await unwatch(user, auction.id)).body).toEqual({ auctionId: auction.id, watching: false });
    expect((await unwatch(user, auction.id)).status).toBe(200);
    const res = await user.call<WatchlistPage>({ method: "GET", path: "/api/me/watchlist" });
    expect(res.body.items).toEqual([]);
  });

  it("each user sees only their own watchlist", async () => {
    const [ann, bob] = await Promise.all([testUser(), testUser()]);
    const { auction } = await liveAuction();
    await watch(ann, auction.id);
    const res = await bob.call<WatchlistPage>({ method: "GET", path: "/api/me/watchlist" });
    expect(res.body.items).toEqual([]);
  });

  it("pages with limit and cursor, and walking them gives the whole list once", async () => {
    const user = await testUser();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { auction } = await liveAuction();
      await watch(user, auction.id);
      ids.unshift(auction.id);
    }
    const seen: string[] = [];
    let path = "/api/me/watchlist?limit=2";
    for (let pages = 0; pages < 10; pages++) {
      const res = await user.call<WatchlistPage>({ method: "GET", path });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((a) => a.id));
      if (!res.body.nextCursor) break;
      path = `/api/me/watchlist?limit=2&cursor=${encodeURIComponent(res.body.nextCursor)}`;
    }
    expect(seen).toEqual(ids);
  });

  it("refuses a forged cursor, or another user's, with 400", async () => {
    const [ann, bob] = await Promise.all([testUser(), testUser()]);
    for (let i = 0; i < 2; i++) await watch(ann, (await liveAuction()).auction.id);
    const page = await ann.call<WatchlistPage>({ method: "GET", path: "/api/me/watchlist?limit=1" });
    const cursor = page.body.nextCursor!;
    const foreign = await bob.call({
      method: "GET",
      path: `/api/me/watchlist?limit=1&cursor=${encodeURIComponent(cursor)}`,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ message: INVALID_CURSOR });
    const forged = await ann.call({ method: "GET", path: "/api/me/watchlist?cursor=not-a-cursor" });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: INVALID_CURSOR });
    const badLimit = await ann.call({ method: "GET", path: "/api/me/watchlist?limit=0" });
    expect(badLimit.status).toBe(400);
  });

  it("answers 404 for an unknown auction and writes nothing", async () => {
    const user = await testUser();
    for (const method of ["PUT", "DELETE"] as const) {
      const res = await user.call({ method, path: "/api/me/watchlist/no-such-auction" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Auction not found" });
    }
    expect(await getItem(keys.watchlistEntry("no-such-auction", user.id))).toBeUndefined();
  });

  it("answers 401 signed out", async () => {
    const { auction } = await liveAuction();
    for (const method of ["PUT", "DELETE", "GET"] as const) {
      const path = method === "GET" ? "/api/me/watchlist" : `/api/me/watchlist/${auction.id}`;
      expect((await anonymous({ method, path })).status).toBe(401);
    }
  });
});
