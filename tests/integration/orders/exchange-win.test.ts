/**
 * POST /api/auctions/{id}/exchange through the real handlers: the winner gives an unpaid win up and gets
 * back every bid they placed on it (by hand and by their Bid Agent), at what they paid for them, in one
 * transaction with the win's expiry; anything but the winner's unpaid, unexpired, unexchanged win is
 * refused and changes nothing. The given-up win is an expired one: the admin may list it again.
 */
import { describe, expect, it } from "vitest";
import type { ExpiredWin } from "#shared/schemas/admin";
import type { AuctionDetail, AuctionSummary } from "#shared/schemas/auctions";
import type { ExchangeWinResponse, OrderView, WonAuction } from "#shared/schemas/orders";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { agentWindowMs } from "../../../functions/domain/agents.ts";
import { bookAgent } from "../../../functions/usecases/agents/bid-agents.ts";
import { runAgentCheck } from "../../../functions/usecases/agents/run-agents.ts";
import { auctionIdForProduct } from "../../../functions/usecases/auctions/start-auction.ts";
import { placeBid } from "../../../functions/usecases/bidding/place-bid.ts";
import { sweepPaymentDeadlines } from "../../../functions/usecases/orders/payment-deadlines.ts";
import { givePaidCredits } from "../../support/paid-credits.ts";
import { wonProduct } from "../admin/fixtures.ts";
import { auctionOf } from "../support/actors.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  auctionWithBids,
  getItem,
  orderAsWinner,
  orderFor,
  signUp,
  type TestUser,
  wonAuctions,
} from "./fixtures.ts";

useFreshTable("exchange-win");

const exchange = (user: Pick<TestUser, "call">, auctionId: string) =>
  user.call<ExchangeWinResponse & { message?: string }>({
    method: "POST",
    path: `/api/auctions/${auctionId}/exchange`,
  });

const balanceOf = async (user: TestUser) => (await getItem(keys.user(user.id)))?.bidBalance as number;

const winOf = async (user: TestUser, auctionId: string) =>
  (await wonAuctions(user)).find((w) => w.id === auctionId) as WonAuction;

const meOn = async (user: TestUser, auctionId: string) =>
  (await user.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auctionId}` })).body.me;

/** A buyer who paid `amountCents` for `credits` bid credits. */
async function payingBuyer(credits: number, amountCents: number) {
  const user = await signUp("buyer", 0);
  await givePaidCredits(user.id, credits, amountCents);
  return user;
}

describe("exchanging a win for its bids", () => {
  it("returns the winner's bids at what they paid for them and gives the win up", async () => {
    const seller = await signUp("seller");
    // Ann paid 50 cents a bid.
    const ann = await payingBuyer(10, 500);
    const bob = await signUp();
    // Ann places three of five bids and wins at $5.05; one more bid of hers on a running auction.
    const won = await auctionWithBids({ seller, bidders: [ann, bob, ann, bob, ann] });
    const other = await auctionWithBids({ seller, bidders: [ann, bob], running: true });
    expect(await winOf(ann, won.id)).toMatchObject({
      me: { bidsPlaced: 3, bidsValue: "1.50" },
      allInCost: "6.55",
      exchangedBids: null,
    });
    expect(await balanceOf(ann)).toBe(6);
    const recentIds = async () =>
      (
        await ann.call<{ items: { id: string }[] }>({ method: "GET", path: "/api/auctions/ended" })
      ).body.items.map((a) => a.id);
    expect(await recentIds()).toContain(won.id);

    const res = await exchange(ann, won.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ returned: 3, bidBalance: 9 });
    expect(await balanceOf(ann)).toBe(9);

    // The win is given up: exchanged, expired, and its bids no longer spent there.
    const win = await winOf(ann, won.id);
    expect(win).toMatchObject({
      exchangedBids: 3,
      me: { bidsPlaced: 0, bidsValue: "0.00" },
      allInCost: "5.05",
      order: null,
    });
    expect(win.paymentExpiredAt).not.toBeNull();
    expect(await meOn(ann, won.id)).toEqual({ bidsPlaced: 0, bidsValue: "0.00" });
    // Nothing was sold: Recent winners no longer lists it.
    expect(await recentIds()).not.toContain(won.id);
    // What her other bids are worth has not moved, and the returned bids are worth what she paid.
    expect(await meOn(ann, other.id)).toEqual({ bidsPlaced: 1, bidsValue: "0.50" });
    const next = await auctionWithBids({ seller, bidders: [ann, bob, ann, bob, ann, bob], running: true });
    expect(await meOn(ann, next.id)).toEqual({ bidsPlaced: 3, bidsValue: "1.50" });
    expect(await getItem(keys.paidCredits(ann.id))).toMatchObject({ paidCents: 500, creditsReceived: 10 });

    // Paying for it afterwards is refused with its own words; a second exchange too, and neither changes anything.
    const checkout = await orderAsWinner(ann, won.id);
    expect(checkout.status).toBe(409);
    expect((checkout.body as { message?: string }).message).toBe("You exchanged this win for 3 bids");
    const again = await exchange(ann, won.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This win has already been exchanged for its bids");
    expect(await balanceOf(ann)).toBe(6);
  });

  it("counts the bids of the winner's Bid Agent as the winner's", async () => {
    const seller = await signUp("seller");
    const ann = await signUp("buyer", 10);
    const bob = await signUp("buyer", 10);
    const startedAt = Date.now() - 120_000;
    const auction = await auctionOf(seller, {
      product: {
        name: "1 oz Silver Eagle agent",
        description: "A one ounce silver coin.",
        metalType: "silver",
        imageUrl: "/images/silver-coins.svg",
        startingPriceCents: 500,
      },
      durationSeconds: 60,
      now: startedAt,
    });
    const bidAt = (user: TestUser, at: number) =>
      placeBid({ auctionId: auction.id, bidder: { id: user.id, username: user.username }, clock: () => at });
    await bidAt(ann, startedAt + 1000);
    await bidAt(bob, startedAt + 2000);
    await bookAgent({
      auctionId: auction.id,
      user: { id: ann.id, username: ann.username },
      bids: 1,
      maxPriceCents: null,
      now: startedAt + 3000,
    });
    const inWindow = auction.endsAt - agentWindowMs(auction.extensionSeconds).aimMsLeft;
    expect(await runAgentCheck({ auctionId: auction.id, seenTotalBids: 2 }, inWindow)).toBe("bid");

    const win = await winOf(ann, auction.id);
    expect(win.me.bidsPlaced).toBe(2);
    const before = await balanceOf(ann);
    const res = await exchange(ann, auction.id);
    expect(res.body).toEqual({ returned: 2, bidBalance: before + 2 });
  }, 30_000);

  it("refuses anyone but the winner (403), a running auction, a paid or expired win (409), an unknown one (404)", async () => {
    const seller = await signUp("seller");
    const ann = await signUp();
    const bob = await signUp();
    const won = await auctionWithBids({ seller, bidders: [bob, ann] });
    await wonAuctions(ann);

    const notWinner = await exchange(bob, won.id);
    expect(notWinner.status).toBe(403);
    expect(notWinner.body.message).toBe("Only the winner of this auction can exchange it for their bids");
    expect((await exchange(seller, won.id)).status).toBe(403);
    expect((await exchange(ann, "no-such-auction")).status).toBe(404);

    const running = await auctionWithBids({ seller, bidders: [ann], running: true });
    expect((await exchange(ann, running.id)).status).toBe(409);

    const paid = await orderFor(seller, ann);
    const paidRes = await exchange(ann, paid.auctionId);
    expect(paidRes.status).toBe(409);
    expect(paidRes.body.message).toBe(
      "This win has been paid for: it can no longer be exchanged for its bids",
    );

    const expiring = await auctionWithBids({ seller, bidders: [ann] });
    const payBy = Date.parse((await winOf(ann, expiring.id)).payBy as string);
    await sweepPaymentDeadlines(payBy);
    // An order of an expired (not exchanged) win keeps the deadline's words.
    const lateCheckout = await orderAsWinner(ann, expiring.id);
    expect(lateCheckout.status).toBe(409);
    expect((lateCheckout.body as { message?: string }).message).toBe(
      "The payment deadline has passed: this item can no longer be paid for",
    );
    const expired = await exchange(ann, expiring.id);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(
      "The payment deadline has passed: this win can no longer be exchanged for its bids",
    );

    // None of it moved a credit or the win.
    expect(await balanceOf(ann)).toBe(10 - 1 - 1 - 1 - 1);
    expect(await balanceOf(bob)).toBe(9);
    expect((await winOf(ann, won.id)).exchangedBids).toBeNull();
  });

  it("stamps a started checkout's order expired with the win, so it can no longer be paid", async () => {
    const seller = await signUp("seller");
    const ann = await signUp();
    const won = await auctionWithBids({ seller, bidders: [ann] });
    const order = await orderAsWinner(ann, won.id);
    expect(order.status).toBe(200);

    expect((await exchange(ann, won.id)).body).toEqual({ returned: 1, bidBalance: 10 });
    const orders = await ann.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" });
    // My Orders says it was exchanged, not that its deadline passed.
    expect(orders.body.find((o) => o.id === order.body.id)).toMatchObject({ exchangedBids: 1 });
    expect(orders.body.find((o) => o.id === order.body.id)?.paymentExpiredAt).not.toBeNull();
    const intent = await ann.call<{ message?: string }>({
      method: "POST",
      path: `/api/orders/${order.body.id}/payment-intent`,
    });
    expect(intent.status).toBe(409);
    expect(intent.body.message).toBe("You exchanged this win for 1 bid");
    const again = await orderAsWinner(ann, won.id);
    expect(again.status).toBe(409);
    expect((again.body as { message?: string }).message).toBe("You exchanged this win for 1 bid");
  });

  it("lets exactly one of two exchanges at once through", async () => {
    const seller = await signUp("seller");
    const ann = await signUp();
    const bob = await signUp();
    const won = await auctionWithBids({ seller, bidders: [ann, bob, ann] });
    await wonAuctions(ann);

    const answers = await Promise.all([exchange(ann, won.id), exchange(ann, won.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)?.body).toEqual({ returned: 2, bidBalance: 10 });
    expect(await balanceOf(ann)).toBe(10);
  });
});

describe("an exchanged win listed again", () => {
  it("is on the admin's expired list, marked exchanged, and starts a new auction when listed again", async () => {
    const admin = await signUp("admin");
    const { product, buyer, auctionId } = await wonProduct(admin);

    expect((await exchange(buyer, auctionId)).body).toEqual({ returned: 1, bidBalance: 5 });

    const expired = await admin.call<ExpiredWin[]>({ method: "GET", path: "/api/admin/auctions/expired" });
    expect(expired.body.find((w) => w.id === auctionId)).toMatchObject({ exchangedBids: 1 });
    const relisted = await admin.call<AuctionSummary>({
      method: "POST",
      path: `/api/admin/auctions/${auctionId}/relist`,
    });
    expect(relisted.status).toBe(200);
    expect(relisted.body).toMatchObject({
      id: auctionIdForProduct(product.id, 1),
      status: "active",
      productId: product.id,
      totalBids: 0,
    });
    // The new auction is a fresh one: nothing to exchange there.
    expect((await exchange(buyer, relisted.body.id)).status).toBe(409);
  });
});
