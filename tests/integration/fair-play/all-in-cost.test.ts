import { describe, expect, it } from "vitest";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { OrderView, WonAuction } from "#shared/schemas/orders";
import { invokeRoute } from "../../support/invoke-route.ts";
import { auctionWithBids, shippingAddress, signUp } from "../orders/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("all-in-cost");

describe("what a bidder spent on an auction (me)", () => {
  it("GET /api/auctions/{id} tells a signed-in caller their bids and their value, never shared at the edge", async () => {
    const seller = await signUp("seller");
    const ann = await signUp();
    const bob = await signUp();
    const auction = await auctionWithBids({ seller, bidders: [ann, bob, ann, bob, ann], running: true });

    const mine = await ann.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(mine.body.me).toEqual({ bidsPlaced: 3, bidsValue: "1.80" });
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    const his = await bob.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(his.body.me).toEqual({ bidsPlaced: 2, bidsValue: "1.20" });
    const stranger = await signUp();
    expect(
      (await stranger.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` })).body.me,
    ).toEqual({ bidsPlaced: 0, bidsValue: "0.00" });

    // Anonymous callers share one cached answer without `me`.
    const anonymous = await invokeRoute<AuctionDetail>({
      method: "GET",
      path: `/api/auctions/${auction.id}`,
    });
    expect(anonymous.body.me).toBeUndefined();
    expect(anonymous.headers["cache-control"]).toBe("public, max-age=0, s-maxage=1");
  });

  it("won auctions and orders carry the all-in cost: final price plus the value of the bids spent", async () => {
    const seller = await signUp("seller");
    const ann = await signUp();
    const bob = await signUp();
    // Starting at $5.00, five bids: final $5.05; Ann placed three (the last), worth $1.80.
    const auction = await auctionWithBids({ seller, bidders: [ann, bob, ann, bob, ann] });

    const wins = await ann.call<WonAuction[]>({ method: "GET", path: "/api/auctions/won" });
    expect(wins.body).toHaveLength(1);
    expect(wins.body[0]).toMatchObject({
      id: auction.id,
      finalPrice: "5.05",
      me: { bidsPlaced: 3, bidsValue: "1.80" },
      allInCost: "6.85",
    });

    const order = await ann.call<OrderView>({
      method: "POST",
      path: "/api/orders",
      body: { auctionId: auction.id, ...shippingAddress },
    });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      finalPrice: "5.05",
      bidsSpent: 3,
      bidsValue: "1.80",
      allInCost: "6.85",
    });
    const listed = await ann.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" });
    expect(listed.body[0]).toMatchObject({ allInCost: "6.85", bidsSpent: 3 });
  });
});
