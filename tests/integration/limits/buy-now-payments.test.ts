/**
 * Self-exclusion and spending limits cover Buy It Now payments as they cover bid packages: refused
 * when the payment starts, an open one canceled by self-exclusion, and checked again when the money
 * lands (refunded in full, the order left unpaid, and never paid by that payment later).
 */
import { describe, expect, it } from "vitest";
import type { LimitsView } from "#shared/schemas/limits";
import type { OrderView } from "#shared/schemas/orders";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { extendSelfExclusion } from "../../../functions/adapters/dynamo/limits-repo.ts";
import { markLocalPaymentIntentSucceeded } from "../../../functions/adapters/dynamo/local-payment-intents-repo.ts";
import { localPaymentGateway } from "../../../functions/adapters/payments/index.ts";
import { givePaidCredits } from "../../support/paid-credits.ts";
import { bidOn, getItem, liveAuction, type TestUser, testUser } from "../auctions/fixtures.ts";
import { buyerOrders, orderPaymentIntent, shippingAddress } from "../orders/fixtures.ts";
import { confirmCard, deliverWebhook, signedSucceededWebhook } from "../payments/fixtures.ts";
import { useLocalAgentQueue } from "../support/agents.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { setAttributes } from "../support/raw-table.ts";

useFreshTable("buy-now-limits");
useLocalAgentQueue();

const DAY = 24 * 60 * 60 * 1000;

/** A buyer's unpaid Buy It Now order of a $50 item, after one bid each with a rival (price $49.60). */
async function buyNowOrder(): Promise<{ buyer: TestUser; order: OrderView }> {
  const { auction } = await liveAuction({ retailPriceCents: 5000, buyNowStock: 2 });
  const buyer = await testUser("buyer", 0);
  await givePaidCredits(buyer.id, 10, 400);
  const rival = await testUser("buyer", 10);
  expect((await bidOn(buyer, auction.id)).status).toBe(200);
  expect((await bidOn(rival, auction.id)).status).toBe(200);
  const order = await buyer.call<OrderView & { message?: string }>({
    method: "POST",
    path: `/api/auctions/${auction.id}/buy-now`,
    body: shippingAddress,
  });
  expect(order.status, order.body.message).toBe(201);
  return { buyer, order: order.body };
}

const selfExclude = (buyer: TestUser) =>
  buyer.call<LimitsView>({ method: "POST", path: "/api/me/self-exclusion", body: { days: 1 } });
const localIntent = (id: string) => localPaymentGateway().retrievePaymentIntent(id);
const orderItem = (id: string) => getItem(keys.order(id));

describe("Buy It Now payments and responsible play", () => {
  it("a self-excluded buyer cannot start one (403 Self-excluded until …); nor past a spending limit", async () => {
    const { buyer, order } = await buyNowOrder();
    expect((await selfExclude(buyer)).status).toBe(200);
    const refused = await orderPaymentIntent(buyer, order.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Self-excluded until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect((await orderItem(order.id))?.lastPaymentIntentId).toBeUndefined();

    const other = await buyNowOrder();
    const limit = await other.buyer.call({ method: "PUT", path: "/api/me/limits", body: { daily: "20.00" } });
    expect(limit.status).toBe(200);
    const over = await orderPaymentIntent(other.buyer, other.order.id);
    expect(over.status).toBe(403);
    expect(over.body.message).toMatch(/^This purchase would pass your daily spending limit of \$20\.00\./);
  });

  it("self-exclusion cancels the open payment of an unpaid order: it can no longer be paid", async () => {
    const { buyer, order } = await buyNowOrder();
    const started = await orderPaymentIntent(buyer, order.id);
    expect(started.status).toBe(200);
    expect((await selfExclude(buyer)).status).toBe(200);
    expect((await localIntent(started.body.paymentIntentId))?.status).toBe("canceled");
    expect((await confirmCard(buyer, started.body.paymentIntentId)).status).not.toBe(200);
    expect((await orderItem(order.id))?.paymentStatus).toBe("pending");
  });

  it("a payment that lands while its buyer is self-excluded is refunded in full and never pays the order", async () => {
    const { buyer, order } = await buyNowOrder();
    const started = await orderPaymentIntent(buyer, order.id);
    expect(started.status).toBe(200);
    const id = started.body.paymentIntentId;
    // Excluded after the payment started, and the card confirmed at the provider before any cancel.
    await extendSelfExclusion(buyer.id, Date.now() + DAY);
    expect(await markLocalPaymentIntentSucceeded(id)).toBe(true);
    const webhook = signedSucceededWebhook((await localIntent(id))!);
    expect((await deliverWebhook(webhook)).status).toBe(200);
    expect((await deliverWebhook(webhook)).status).toBe(200);

    expect(await orderItem(order.id)).toMatchObject({ paymentStatus: "pending" });
    expect((await getItem(keys.localPaymentIntent(id)))?.refundedCents).toBe(
      Math.round(Number(order.finalPrice) * 100),
    );
    expect(await getItem(keys.orderPayment(id))).toMatchObject({
      type: "refusedOrderPayment",
      refusal: expect.stringMatching(/^Self-excluded until /),
    });
    // Once the exclusion is over, reading the orders (which settles late payments) still does not pay it.
    await setAttributes(keys.user(buyer.id), { selfExcludedUntil: Date.now() - 1000 });
    const orders = await buyerOrders(buyer);
    expect(orders.find((o) => o.id === order.id)?.paymentStatus).toBe("pending");
  });

  it("a paid Buy It Now order counts in the buyer's spending", async () => {
    const { buyer, order } = await buyNowOrder();
    const started = await orderPaymentIntent(buyer, order.id);
    expect((await confirmCard(buyer, started.body.paymentIntentId)).status).toBe(200);
    await expect.poll(async () => (await orderItem(order.id))?.paymentStatus).toBe("paid");
    const limits = await buyer.call<LimitsView>({ method: "GET", path: "/api/me/limits" });
    expect(limits.body.spent.day).toBe(order.finalPrice);
  });
});
