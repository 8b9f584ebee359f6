import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import type { AgentView } from "#shared/schemas/agents";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { BuyNowOfferView, OrderView } from "#shared/schemas/orders";
import type { AppConfig } from "#shared/schemas/payments";
import { db } from "../../../functions/adapters/dynamo/client.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import {
  creditBuyNowItem,
  readPaidCredits,
  receiveCreditsItem,
} from "../../../functions/adapters/dynamo/paid-credits-repo.ts";

import { closeAuction } from "../../../functions/usecases/auctions/close-auction.ts";
import { createOrderPaymentIntent } from "../../../functions/usecases/orders/order-payments.ts";
import { sweepPaymentDeadlines } from "../../../functions/usecases/orders/payment-deadlines.ts";

import { injectDynamoFaults } from "../../support/faulty-dynamo.ts";
import { givePaidCredits } from "../../support/paid-credits.ts";
import { anonymous, bidOn, getItem, liveAuction, type TestUser, testUser } from "../auctions/fixtures.ts";
import { payOrder } from "../orders/fixtures.ts";
import { THROTTLED_SELF_EXCLUSION_READ, useLocalAgentQueue } from "../support/agents.ts";
import { moveClockPast } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { shippingAddress } from "./fixtures.ts";

useFreshTable("buy-now");

useLocalAgentQueue();

const offerOf = (user: TestUser, auctionId: string) =>
  user.call<BuyNowOfferView & { message?: string }>({
    method: "GET",
    path: `/api/auctions/${auctionId}/buy-now`,
  });
const buyNow = (user: TestUser, auctionId: string, body: unknown = shippingAddress) =>
  user.call<OrderView & { message?: string }>({
    method: "POST",
    path: `/api/auctions/${auctionId}/buy-now`,
    body,
  });
const detail = async (id: string) =>
  (await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${id}` })).body;
const balanceOf = async (user: TestUser) => (await getItem(keys.user(user.id)))?.bidBalance as number;

/** A buyer who bought `credits` bid credits for `amountCents`. */
async function payingUser(credits: number, amountCents: number): Promise<TestUser> {
  const user = await testUser("buyer", 0);
  await givePaidCredits(user.id, credits, amountCents);
  return user;
}

const spendOf = async (user: TestUser, auctionId: string) =>
  (await user.call<AuctionDetail>({ method: "GET", path: `/api/auctions/${auctionId}` })).body.me;

/** `bidder` places `count` bids, `rival` answering each so neither leads twice in a row. */
async function trade(bidder: TestUser, rival: TestUser, auctionId: string, count: number) {
  for (let i = 0; i < count; i++) {
    expect((await bidOn(bidder, auctionId)).status).toBe(200);
    expect((await bidOn(rival, auctionId)).status).toBe(200);
  }
}

/**
 * A Buy It Now auction in which a buyer who paid `paidCents` for 10 credits and a rival with 10 have each
 * placed `bids` bids, in turn.
 */
async function auctionTradedOn({
  paidCents,
  bids,
  ...options
}: Parameters<typeof liveAuction>[0] & { paidCents: number; bids: number }) {
  const live = await liveAuction(options);
  const buyer = await payingUser(10, paidCents);
  const rival = await testUser("buyer", 10);
  await trade(buyer, rival, live.auction.id, bids);
  return { ...live, buyer, rival };
}

describe("Buy It Now's offer", () => {
  it("credits what the bids placed cost the buyer against the retail price", async () => {
    const config = await anonymous<AppConfig>({ method: "GET", path: "/api/config" });
    expect(config.body.bidValue).toBe("0.60");
    const { auction } = await liveAuction({ retailPriceCents: 5000, buyNowStock: 2 });
    expect(await detail(auction.id)).toMatchObject({ retailPrice: "50.00", buyNowStockLeft: 2 });
    // 10 credits for $4.00: 40 cents a bid.
    const buyer = await payingUser(10, 400);
    const rival = await testUser("buyer", 10);

    const before = await offerOf(buyer, auction.id);
    expect(before.body).toMatchObject({
      eligible: false,
      reason: "Place at least one bid on this auction to buy it now",
      retailPrice: "50.00",
      bidsPlaced: 0,
      credit: "0.00",
      price: "50.00",
      stockLeft: 2,
    });

    await trade(buyer, rival, auction.id, 3);
    const offer = await offerOf(buyer, auction.id);
    expect(offer.status).toBe(200);
    expect(offer.body).toMatchObject({
      eligible: true,
      reason: null,
      bidsPlaced: 3,
      credit: "1.20",
      price: "48.80",
      stockLeft: 2,
    });
    // The auction page's "You've spent 3 bids ($1.20) here" says the same.
    expect(await spendOf(buyer, auction.id)).toEqual({ bidsPlaced: 3, bidsValue: "1.20" });
    // Open until 7 days after the auction's current end.
    expect(Date.parse(offer.body.expiresAt ?? "")).toBe(
      Date.parse((await detail(auction.id)).endsAt) + 7 * 24 * 60 * 60 * 1000,
    );
    // The leader of a live auction cannot buy it now (they could win it as well).
    expect((await offerOf(rival, auction.id)).body).toMatchObject({
      eligible: false,
      reason: "You are the highest bidder: Buy It Now opens again if someone outbids you",
    });
  });

  it("caps the credit at the retail price", async () => {
    process.env.BID_VALUE = "2.00";
    try {
      const { auction, buyer } = await auctionTradedOn({
        startingPriceCents: 100,
        retailPriceCents: 300,
        buyNowStock: 1,
        paidCents: 2000,
        bids: 2,
      });
      expect((await offerOf(buyer, auction.id)).body).toMatchObject({ credit: "3.00", price: "0.00" });
      // Nothing left to charge: the order is paid as it is made.
      const bought = await buyNow(buyer, auction.id);
      expect(bought.status).toBe(201);
      expect(bought.body).toMatchObject({ finalPrice: "0.00", paymentStatus: "paid" });
    } finally {
      delete process.env.BID_VALUE;
    }
  });

  it("credits nothing for bids granted free: two accounts trading free bids earn no discount", async () => {
    const { auction } = await liveAuction({ retailPriceCents: 10_000, buyNowStock: 2 });
    const [ann, bob] = [await testUser("buyer", 21), await testUser("buyer", 20)];
    await trade(ann, bob, auction.id, 20);
    expect((await bidOn(ann, auction.id)).status).toBe(200);
    expect((await offerOf(bob, auction.id)).body).toMatchObject({
      eligible: true,
      bidsPlaced: 20,
      credit: "0.00",
      price: "100.00",
    });
    expect(await spendOf(bob, auction.id)).toEqual({ bidsPlaced: 20, bidsValue: "0.00" });
    const bought = await buyNow(bob, auction.id);
    expect(bought.body).toMatchObject({
      finalPrice: "100.00",
      buyNow: { bidsCredited: 20, credit: "0.00" },
      bidsValue: "0.00",
      allInCost: "100.00",
    });
  });

  it("an unpaid Buy It Now order is due 7 days after ordering, then expires and cannot be paid", async () => {
    const { auction } = await liveAuction({ retailPriceCents: 10_000, buyNowStock: 2 });
    const [ann, bob] = [await testUser("buyer", 2), await testUser("buyer", 2)];
    expect((await bidOn(bob, auction.id)).status).toBe(200);
    expect((await bidOn(ann, auction.id)).status).toBe(200);
    const bought = await buyNow(bob, auction.id);
    expect(bought.body.paymentStatus).toBe("pending");
    const payBy = Date.parse(bought.body.payBy ?? "");
    expect(payBy - Date.parse(bought.body.createdAt)).toBe(7 * 24 * 60 * 60 * 1000);

    await sweepPaymentDeadlines(payBy - 3 * 24 * 60 * 60 * 1000);
    expect((await getItem(keys.order(bought.body.id)))?.paymentReminders).toBe(1);
    await sweepPaymentDeadlines(payBy);
    const expired = await getItem(keys.order(bought.body.id));
    expect(expired?.paymentExpiredAt).toBeDefined();
    expect(expired?.gsi4pk).toBeUndefined();
    await expect(createOrderPaymentIntent(bought.body.id, bob.id, payBy)).rejects.toMatchObject({
      kind: "conflict",
      message: "The payment deadline has passed: this item can no longer be paid for",
    });
  });

  it("two accounts trading bids bought at 35 cents are credited 35 cents a bid, not the stage's 60", async () => {
    const { auction } = await liveAuction({ retailPriceCents: 10_000, buyNowStock: 2 });
    // 20 credits for $7.00 each: $14.00 of bids between them.
    const [ann, bob] = [await payingUser(20, 700), await payingUser(20, 700)];
    await trade(ann, bob, auction.id, 20);
    const offer = (await offerOf(ann, auction.id)).body;
    expect(offer).toMatchObject({ bidsPlaced: 20, credit: "7.00", price: "93.00" });
    const bought = await buyNow(ann, auction.id);
    expect(bought.body).toMatchObject({
      finalPrice: "93.00",
      buyNow: { credit: "7.00" },
      bidsValue: "7.00",
      allInCost: "100.00",
    });
    expect((await getItem(keys.paidCredits(ann.id)))?.buyNowCreditedCents).toBe(700);
  });

  it("a credit worked out from money since refunded is not recorded; decided again, it fits what is left", async () => {
    const { auction, buyer } = await auctionTradedOn({
      retailPriceCents: 10_000,
      buyNowStock: 1,
      paidCents: 500,
      bids: 10,
    });
    const seen = await readPaidCredits(buyer.id);
    expect(seen).toEqual({ paidCents: 500, creditsReceived: 10, creditedCents: 0 });
    // A refund gives $2.00 back between the offer's read and the purchase's write.
    await db.send(new TransactWriteCommand({ TransactItems: [receiveCreditsItem(buyer.id, 0, -200)] }));
    await expect(
      db.send(new TransactWriteCommand({ TransactItems: [creditBuyNowItem(buyer.id, seen, 500)] })),
    ).rejects.toMatchObject({ name: "TransactionCanceledException" });
    const bought = await buyNow(buyer, auction.id);
    expect(bought.body).toMatchObject({ finalPrice: "97.00", buyNow: { credit: "3.00" } });
    expect(await readPaidCredits(buyer.id)).toEqual({
      paidCents: 300,
      creditsReceived: 10,
      creditedCents: 300,
    });
  });

  it("values bought and granted credits together at the average paid, the granted at $0", async () => {
    const { auction } = await liveAuction({ retailPriceCents: 5000, buyNowStock: 1 });
    // 10 credits for $5.00, then 10 granted by an admin: 25 cents a credit.
    const buyer = await payingUser(10, 500);
    const admin = await testUser("admin");
    const granted = await admin.call({
      method: "POST",
      path: `/api/admin/users/${buyer.id}/adjust-bids`,
      body: { amount: 10 },
    });
    expect(granted.status).toBe(200);
    const rival = await testUser("buyer", 10);
    await trade(buyer, rival, auction.id, 4);
    expect((await offerOf(buyer, auction.id)).body).toMatchObject({ credit: "1.00", price: "49.00" });
    expect(await spendOf(buyer, auction.id)).toEqual({ bidsPlaced: 4, bidsValue: "1.00" });
  });

  it("is not offered for products listed without a retail price", async () => {
    const { auction } = await liveAuction();
    const buyer = await testUser("buyer", 10);
    const rival = await testUser("buyer", 10);
    await trade(buyer, rival, auction.id, 1);
    expect((await detail(auction.id)).retailPrice).toBeNull();
    expect((await offerOf(buyer, auction.id)).body).toMatchObject({
      eligible: false,
      reason: "Buy It Now is not offered for this item",
      retailPrice: null,
      price: null,
    });
    expect(await buyNow(buyer, auction.id)).toMatchObject({
      status: 409,
      body: { message: "Buy It Now is not offered for this item" },
    });
  });
});

describe("POST /api/auctions/{id}/buy-now", () => {
  it("creates a buy_now order at retail less the credit, paid and listed like any order", async () => {
    const { auction, seller, buyer } = await auctionTradedOn({
      retailPriceCents: 5000,
      buyNowStock: 2,
      paidCents: 600,
      bids: 2,
    });

    const bought = await buyNow(buyer, auction.id);
    expect(bought.status).toBe(201);
    expect(bought.body).toMatchObject({
      kind: "buy_now",
      auctionId: auction.id,
      finalPrice: "48.80",
      buyNow: { retailPrice: "50.00", bidsCredited: 2, credit: "1.20" },
      paymentStatus: "pending",
      shippingStatus: "pending",
      shippingCity: "Springfield",
      shippingCountry: "US",
    });
    expect((await detail(auction.id)).buyNowStockLeft).toBe(1);

    // A second purchase by the same user: 409, nothing taken.
    expect(await buyNow(buyer, auction.id)).toMatchObject({
      status: 409,
      body: { message: "You already bought this item with Buy It Now" },
    });
    expect((await detail(auction.id)).buyNowStockLeft).toBe(1);
    expect((await offerOf(buyer, auction.id)).body.reason).toBe(
      "You already bought this item with Buy It Now",
    );

    // Their part in the auction is over: their bids are refused and cost nothing.
    const balance = await balanceOf(buyer);
    expect(await bidOn(buyer, auction.id)).toMatchObject({
      status: 403,
      body: { message: "You bought this item with Buy It Now, so you can no longer bid on it" },
    });
    expect(await balanceOf(buyer)).toBe(balance);

    // The buyer's and the seller's order lists show it; the ordinary order payment pays it.
    const mine = await buyer.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" });
    expect(mine.body.map((o) => [o.id, o.kind])).toEqual([[bought.body.id, "buy_now"]]);
    const sales = await seller.call<OrderView[]>({ method: "GET", path: "/api/orders/seller" });
    expect(sales.body.map((o) => o.id)).toEqual([bought.body.id]);
    await payOrder(buyer, bought.body.id);
    const paid = await buyer.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" });
    expect(paid.body[0]).toMatchObject({ paymentStatus: "paid", finalPrice: "48.80" });
  });

  it("refuses bidders who may not buy it now, with their reasons, changing nothing", async () => {
    const { auction, seller } = await liveAuction({ retailPriceCents: 5000, buyNowStock: 1 });
    const buyer = await testUser("buyer", 10);
    const rival = await testUser("buyer", 10);
    const stranger = await testUser("buyer", 10);
    await trade(buyer, rival, auction.id, 1);

    expect(await buyNow(stranger, auction.id)).toMatchObject({
      status: 403,
      body: { message: "Place at least one bid on this auction to buy it now" },
    });
    expect(await buyNow(seller, auction.id)).toMatchObject({ status: 403 });
    expect(await buyNow(rival, auction.id)).toMatchObject({
      status: 409,
      body: { message: "You are the highest bidder: Buy It Now opens again if someone outbids you" },
    });
    expect(await buyNow(buyer, "no-such-auction")).toMatchObject({
      status: 404,
      body: { message: "Auction not found" },
    });
    for (const body of [
      {},
      { ...shippingAddress, shippingZip: "" },
      { ...shippingAddress, shippingCountry: "XX" },
      { ...shippingAddress, shippingZip: "ABCDE" },
    ]) {
      expect((await buyNow(buyer, auction.id, body)).status).toBe(400);
    }
    expect(
      (
        await anonymous({
          method: "POST",
          path: `/api/auctions/${auction.id}/buy-now`,
          body: shippingAddress,
        })
      ).status,
    ).toBe(401);
    expect((await detail(auction.id)).buyNowStockLeft).toBe(1);
    expect((await buyer.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" })).body).toEqual([]);
  });

  it("two buyers racing for the last unit: one 201, one 409 Sold out, one order", async () => {
    const { auction } = await liveAuction({ retailPriceCents: 2000, buyNowStock: 1 });
    const ann = await testUser("buyer", 10);
    const bob = await testUser("buyer", 10);
    const cat = await testUser("buyer", 10);
    await trade(ann, cat, auction.id, 1);
    await trade(bob, cat, auction.id, 1);

    const results = await Promise.all([buyNow(ann, auction.id), buyNow(bob, auction.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.message).toBe("Sold out");
    expect((await detail(auction.id)).buyNowStockLeft).toBe(0);
    const orders = [
      ...(await ann.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" })).body,
      ...(await bob.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" })).body,
    ];
    expect(orders).toHaveLength(1);
    expect((await offerOf(cat, auction.id)).body).toMatchObject({ eligible: false, reason: "Sold out" });
  });

  it("a bid and the purchase racing: exactly one lands, and the credit counts exactly the bids paid for", async () => {
    for (let round = 0; round < 3; round++) {
      const { auction, buyer } = await auctionTradedOn({
        retailPriceCents: 5000,
        buyNowStock: 3,
        paidCents: 500,
        bids: 2,
      });

      // A paying buyer: the purchase's transaction also records its credit.
      const [bid, bought] = await Promise.all([bidOn(buyer, auction.id), buyNow(buyer, auction.id)]);
      const tally = await getItem(keys.bidder(auction.id, buyer.id));
      expect(await balanceOf(buyer)).toBe(10 - (tally?.bids as number));
      if (bought.status === 201) {
        // The purchase landed first: the bid was refused and cost nothing.
        expect(bid.status).toBe(403);
        expect(tally?.bids).toBe(2);
        expect(bought.body.buyNow).toMatchObject({ bidsCredited: 2, credit: "1.00" });
      } else {
        // The bid landed first and made the buyer the leader.
        expect(bid.status).toBe(200);
        expect(bought).toMatchObject({
          status: 409,
          body: { message: expect.stringContaining("highest bidder") },
        });
        expect(tally?.bids).toBe(3);
        expect(tally?.boughtNowOrderId).toBeUndefined();
      }
    }
  });

  it("cancels the buyer's Bid Agent and returns its credits", async () => {
    const { auction } = await liveAuction({ retailPriceCents: 5000, buyNowStock: 1 });
    const buyer = await testUser("buyer", 20);
    const rival = await testUser("buyer", 10);
    await trade(buyer, rival, auction.id, 1);
    const booked = await buyer.call<AgentView>({
      method: "PUT",
      path: `/api/auctions/${auction.id}/agent`,
      body: { bids: 8 },
    });
    expect(booked.status).toBe(200);
    expect(await balanceOf(buyer)).toBe(11);

    expect((await buyNow(buyer, auction.id)).status).toBe(201);
    expect(await balanceOf(buyer)).toBe(19);
    const agent = await buyer.call<AgentView>({ method: "GET", path: `/api/auctions/${auction.id}/agent` });
    expect(agent.body).toMatchObject({ status: "cancelled", bidsLeft: 0, returned: 8 });
    expect((await detail(auction.id)).activeAgents).toBe(0);
    // A new agent is refused too: their part in the auction is over.
    expect(
      await buyer.call<{ message: string }>({
        method: "PUT",
        path: `/api/auctions/${auction.id}/agent`,
        body: { bids: 2 },
      }),
    ).toMatchObject({
      status: 403,
      body: { message: "You bought this item with Buy It Now, so you can no longer bid on it" },
    });
  });

  it("after the end: open to losing bidders, refused to the winner", async () => {
    const {
      auction,
      buyer: loser,
      rival: winner,
    } = await auctionTradedOn({
      durationSeconds: 30,
      extensionSeconds: 1,
      retailPriceCents: 5000,
      buyNowStock: 2,
      paidCents: 600,
      bids: 1,
    });
    const ended = await detail(auction.id);
    moveClockPast(Date.parse(ended.endsAt));
    await closeAuction(auction.id, Date.now());

    expect(await buyNow(winner, auction.id)).toMatchObject({
      status: 403,
      body: { message: "You won this auction: pay for it from My Wins" },
    });
    const bought = await buyNow(loser, auction.id);
    expect(bought).toMatchObject({ status: 201, body: { kind: "buy_now", finalPrice: "49.40" } });
    // The winner's own checkout is untouched by the loser's Buy It Now order.
    const wins = await winner.call<{ id: string; order: unknown }[]>({
      method: "GET",
      path: "/api/auctions/won",
    });
    expect(wins.body).toMatchObject([{ id: auction.id, order: null }]);
    const loserWins = await loser.call<unknown[]>({ method: "GET", path: "/api/auctions/won" });
    expect(loserWins.body).toEqual([]);
  });
});

describe("a faulty table under the offer", () => {
  it("a throttled self-exclusion read is the server's trouble (503), not a closed offer", async () => {
    const { auction } = await liveAuction({ retailPriceCents: 5000, buyNowStock: 1 });
    const [buyer, rival] = [await testUser("buyer", 10), await testUser("buyer", 10)];
    await trade(buyer, rival, auction.id, 1);
    const faults = injectDynamoFaults();
    try {
      faults.add(THROTTLED_SELF_EXCLUSION_READ);
      const offer = await offerOf(buyer, auction.id);
      expect(offer.status).toBe(503);
      expect(offer.body).not.toHaveProperty("eligible");
    } finally {
      faults.remove();
    }
    expect((await offerOf(buyer, auction.id)).body).toMatchObject({ eligible: true, reason: null });
  });
});
