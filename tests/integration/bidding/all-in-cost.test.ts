import { describe, expect, it } from "vitest";
import type { AuctionDetail, EndedAuctionsPage } from "#shared/schemas/auctions";
import type { OrderView, WonAuction } from "#shared/schemas/orders";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { givePaidCredits } from "../../support/paid-credits.ts";
import { auctionWithBids, shippingAddress, signUp } from "../orders/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("all-in-cost");

/** A buyer who bought `credits` bid credits for `amountCents` (what their bids are worth comes from it). */
async function payingBuyer(credits: number, amountCents: number) {
  const user = await signUp("buyer", 0);
  await givePaidCredits(user.id, credits, amountCents);
  return user;
}

describe("what a bidder spent on an auction (me)", () => {
  it("GET /api/auctions/{id} tells a signed-in caller their bids and their value, never shared at the edge", async () => {
    const seller = await signUp("seller");
    // Ann paid 50 cents a bid, Bob 35; Cat's bids were granted free.
    const ann = await payingBuyer(10, 500);
    const bob = await payingBuyer(10, 350);
    const cat = await signUp();
    const auction = await auctionWithBids({
      seller,
      bidders: [ann, bob, ann, cat, bob, ann],
      running: true,
    });

    const mine = await ann.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(mine.body.me).toEqual({ bidsPlaced: 3, bidsValue: "1.50" });
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    const his = await bob.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(his.body.me).toEqual({ bidsPlaced: 2, bidsValue: "0.70" });
    const hers = await cat.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(hers.body.me).toEqual({ bidsPlaced: 1, bidsValue: "0.00" });
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
    // Ann paid 40 cents a bid.
    const ann = await payingBuyer(10, 400);
    const bob = await signUp();
    // Starting at $5.00, five bids: final $5.05; Ann placed three (the last), worth $1.20.
    const auction = await auctionWithBids({ seller, bidders: [ann, bob, ann, bob, ann] });

    const wins = await ann.call<WonAuction[]>({ method: "GET", path: "/api/auctions/won" });
    expect(wins.body).toHaveLength(1);
    expect(wins.body[0]).toMatchObject({
      id: auction.id,
      finalPrice: "5.05",
      me: { bidsPlaced: 3, bidsValue: "1.20" },
      allInCost: "6.25",
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
      bidsValue: "1.20",
      allInCost: "6.25",
    });
    const listed = await ann.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" });
    expect(listed.body[0]).toMatchObject({ allInCost: "6.25", bidsSpent: 3 });
  });

  it("keeps one all-in cost for a win once it ended, though the winner buys credits at another price after", async () => {
    const seller = await signUp("seller");
    // Ann paid 40 cents a bid; her three bids are worth $1.20, on a final price of $5.05.
    const ann = await payingBuyer(10, 400);
    const bob = await signUp();
    const auction = await auctionWithBids({ seller, bidders: [ann, bob, ann, bob, ann] });
    const ended = await ann.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(ended.body).toMatchObject({ status: "won", me: { bidsPlaced: 3, bidsValue: "1.20" } });

    // Ten more credits for $1.00: her average is now 25 cents a credit, her three bids "worth" $0.75.
    await givePaidCredits(ann.id, 10, 100);
    const spent = { bidsPlaced: 3, bidsValue: "1.20" };

    const detail = await ann.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(detail.body.me).toEqual(spent);
    const [win] = (await ann.call<WonAuction[]>({ method: "GET", path: "/api/auctions/won" })).body;
    expect(win).toMatchObject({ id: auction.id, me: spent, allInCost: "6.25" });
    const winners = await ann.call<EndedAuctionsPage>({ method: "GET", path: "/api/auctions/ended" });
    expect(winners.body.items.find((item) => item.id === auction.id)).toMatchObject({
      winnerBids: 3,
      allInCost: "6.25",
    });
    const order = await ann.call<OrderView>({
      method: "POST",
      path: "/api/orders",
      body: { auctionId: auction.id, ...shippingAddress },
    });
    expect(order.body).toMatchObject({ bidsSpent: 3, bidsValue: "1.20", allInCost: "6.25" });
    const listed = await ann.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" });
    expect(listed.body.find((item) => item.auctionId === auction.id)).toMatchObject({
      bidsSpent: 3,
      bidsValue: "1.20",
      allInCost: "6.25",
    });

    // Bob lost: his own spend line still reads his average as it is now (his bids were free).
    const his = await bob.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auction.id}` });
    expect(his.body.me).toEqual({ bidsPlaced: 2, bidsValue: "0.00" });
  });
});
