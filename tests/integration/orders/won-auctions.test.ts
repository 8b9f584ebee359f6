import { describe, expect, it } from "vitest";
import type { OrderView, WonAuction } from "#shared/schemas/orders";
import { useFreshTable } from "../support/fresh-table.ts";
import { auctionWithBids, shippingAddress, signUp, type TestUser } from "./fixtures.ts";

useFreshTable("orders-won");

async function wins(user: TestUser) {
  const res = await user.call<WonAuction[]>({ method: "GET", path: "/api/auctions/won" });
  expect(res.status).toBe(200);
  return res.body;
}

describe("GET /api/auctions/won", () => {
  it("lists the auctions the caller won, finalizing ended ones on the way, with their order state", async () => {
    const seller = await signUp("seller");
    const [alice, bob] = [await signUp(), await signUp()];
    const won = await auctionWithBids({ seller, bidders: [bob, alice], startingPriceCents: 1000 });
    await auctionWithBids({ seller, bidders: [alice, bob] });
    await auctionWithBids({ seller, bidders: [alice], running: true });

    const list = await wins(alice);
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
    const [withOrder] = await wins(alice);
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
    expect(await wins(bob)).toEqual([]);
  });

  it("lists wins newest first", async () => {
    const seller = await signUp("seller");
    const alice = await signUp();
    const older = await auctionWithBids({ seller, bidders: [alice] });
    await new Promise((r) => setTimeout(r, 5));
    const newer = await auctionWithBids({ seller, bidders: [alice] });
    expect((await wins(alice)).map((w) => w.id)).toEqual([newer.id, older.id]);
  });
});
