import { describe, expect, it } from "vitest";
import type { OrderView, WonAuction } from "#shared/schemas/orders";
import type { Page } from "#shared/schemas/pages";
import { moveClock } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { tableCallsDuring } from "../support/table-calls.ts";
import { auctionWithBids, shippingAddress, signUp, wonAuctions } from "./fixtures.ts";

useFreshTable("orders-won");

describe("GET /api/auctions/won", () => {
  it("lists the auctions the caller won, finalizing ended ones on the way, with their order state", async () => {
    const seller = await signUp("seller");
    const [alice, bob] = [await signUp(), await signUp()];
    const won = await auctionWithBids({ seller, bidders: [bob, alice], startingPriceCents: 1000 });
    await auctionWithBids({ seller, bidders: [alice, bob] });
    await auctionWithBids({ seller, bidders: [alice], running: true });

    const list = await wonAuctions(alice);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: won.id,
      status: "won",
      winner: { username: alice.username },
      finalPrice: "10.02",
      totalBids: 2,
      order: null,
      seller: { businessName: `${seller.username} Metals` },
    });
    expect(list[0]?.wonAt).toBe(new Date(won.endsAt).toISOString());
    expect(list[0]?.wonAt).toBe(list[0]?.endsAt);

    const created = await alice.call<OrderView>({
      method: "POST",
      path: "/api/orders",
      body: { auctionId: won.id, ...shippingAddress },
    });
    const [withOrder] = await wonAuctions(alice);
    expect(withOrder?.order).toEqual({
      id: created.body.id,
      paymentStatus: "pending",
      shippingStatus: "pending",
    });
  });

  it("lists nothing for someone who won nothing", async () => {
    const seller = await signUp("seller");
    const [alice, bob] = [await signUp(), await signUp()];
    await auctionWithBids({ seller, bidders: [bob, alice] });
    expect(await wonAuctions(bob)).toEqual([]);
  });

  it("lists wins newest first", async () => {
    const seller = await signUp("seller");
    const alice = await signUp();
    const older = await auctionWithBids({ seller, bidders: [alice] });
    moveClock(1000);
    const newer = await auctionWithBids({ seller, bidders: [alice] });
    expect((await wonAuctions(alice)).map((w) => w.id)).toEqual([newer.id, older.id]);
  });

  it("finds a just-ended win from the caller's own bids, never by reading the market's live auctions", async () => {
    const seller = await signUp("seller");
    const [alice, bob] = [await signUp(), await signUp()];
    // Other live auctions in the market, one of them bid on by alice (she does not lead it).
    await auctionWithBids({ seller, bidders: [bob], running: true });
    await auctionWithBids({ seller, bidders: [alice, bob], running: true });
    const justEnded = await auctionWithBids({ seller, bidders: [bob, alice] });

    let list: WonAuction[] = [];
    const sent = await tableCallsDuring(async () => {
      list = await wonAuctions(alice);
    });
    expect(list.map((w) => w.id)).toEqual([justEnded.id]);
    expect(list[0]).toMatchObject({ status: "won", winner: { username: alice.username } });
    const queried = sent
      .filter((s) => s.command === "QueryCommand")
      .map((s) =>
        Object.values((s.input.ExpressionAttributeValues ?? {}) as Record<string, unknown>).join(" "),
      );
    expect(queried.some((q) => q.includes("AUCTIONS#"))).toBe(false);
    expect(queried.some((q) => q.includes(`USER#${alice.id}#BIDS`))).toBe(true);
  });

  it("pages with ?limit= and ?cursor=, the just-ended win heading the first page", async () => {
    const seller = await signUp("seller");
    const alice = await signUp();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.unshift((await auctionWithBids({ seller, bidders: [alice] })).id);
    const first = await alice.call<Page<WonAuction>>({ method: "GET", path: "/api/auctions/won?limit=2" });
    expect(first.status).toBe(200);
    expect(first.body.items.map((w) => w.id)).toEqual(ids.slice(0, 2));
    const second = await alice.call<Page<WonAuction>>({
      method: "GET",
      path: `/api/auctions/won?limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    });
    expect(second.body.items.map((w) => w.id)).toEqual(ids.slice(2));
    expect(second.body.nextCursor).toBeNull();
    expect((await wonAuctions(alice)).map((w) => w.id)).toEqual(ids);
  });
});
