import { describe, expect, it } from "vitest";
import { decimalToCents } from "#shared/money";
import { TEST_CARDS } from "#shared/payments";
import type { OrderView } from "#shared/schemas/orders";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { markLocalPaymentIntentSucceeded } from "../../../functions/adapters/dynamo/local-payment-intents-repo.ts";
import { localPaymentGateway, localWebhookSecret } from "../../../functions/adapters/payments/index.ts";
import { signWebhook, succeededEvent } from "../../../functions/adapters/payments/local-gateway.ts";
import { orderPaymentMetadata } from "../../../functions/domain/orders.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { moveClock } from "../support/clock.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  auctionWithBids,
  getItem,
  orderPaymentIntent,
  shippingAddress,
  signUp,
  type TestUser,
} from "./fixtures.ts";

useFreshTable("orders-payment");

async function wonOrder(startingPriceCents = 1234) {
  const seller = await signUp("seller");
  const buyer = await signUp();
  const auction = await auctionWithBids({ seller, bidders: [buyer], startingPriceCents });
  const res = await buyer.call<OrderView>({
    method: "POST",
    path: "/api/orders",
    body: { auctionId: auction.id, ...shippingAddress },
  });
  expect(res.status).toBe(200);
  return { seller, buyer, order: res.body };
}

function confirm(user: TestUser, paymentIntentId: string, cardNumber: string = TEST_CARDS.succeeds) {
  return user.call<{ message?: string }>({
    method: "POST",
    path: `/api/dev/payments/${paymentIntentId}/confirm`,
    body: { cardNumber },
  });
}

async function ordersOf(user: TestUser) {
  return (await user.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" })).body;
}

/** The signed payment_intent.succeeded webhook the provider sends for a paid intent. */
async function succeededWebhook(paymentIntentId: string) {
  const intent = await localPaymentGateway().retrievePaymentIntent(paymentIntentId);
  if (!intent) throw new Error(`no intent ${paymentIntentId}`);
  const now = Date.now();
  return signWebhook(succeededEvent({ ...intent, status: "succeeded" }, now), localWebhookSecret(), now);
}

function deliver(webhook: { payload: string; signatureHeader: string }) {
  return invokeRoute({
    method: "POST",
    path: "/api/stripe/webhook",
    body: webhook.payload,
    headers: { "stripe-signature": webhook.signatureHeader },
  });
}

describe("POST /api/orders/{id}/payment-intent", () => {
  it("charges exactly the order's final price, for the buyer's own order", async () => {
    const { buyer, order } = await wonOrder(1234);
    const res = await orderPaymentIntent(buyer, order.id);
    expect(res.status).toBe(200);
    expect(res.body.clientSecret.startsWith(`${res.body.paymentIntentId}_secret_`)).toBe(true);
    const intent = await localPaymentGateway().retrievePaymentIntent(res.body.paymentIntentId);
    expect(intent).toMatchObject({
      amountCents: 1235,
      currency: "usd",
      metadata: { kind: "order", orderId: order.id, userId: buyer.id },
    });
  });

  it("refuses someone else's order (403) and an unknown one (404)", async () => {
    const { seller, order } = await wonOrder();
    const stranger = await signUp();
    expect((await orderPaymentIntent(stranger, order.id)).status).toBe(403);
    expect((await orderPaymentIntent(seller, order.id)).status).toBe(403);
    expect((await orderPaymentIntent(stranger, "no-such-order")).status).toBe(404);
  });

  it("refuses an order that is already paid (409)", async () => {
    const { buyer, order } = await wonOrder();
    const { body } = await orderPaymentIntent(buyer, order.id);
    const confirmed = await confirm(buyer, body.paymentIntentId);
    expect(confirmed.status).toBe(200);
    const again = await orderPaymentIntent(buyer, order.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order has already been paid");
  });

  it("does not start a second payment when the first went through but its webhook is late (409)", async () => {
    const { buyer, order } = await wonOrder();
    const { body } = await orderPaymentIntent(buyer, order.id);
    await markLocalPaymentIntentSucceeded(body.paymentIntentId);

    const again = await orderPaymentIntent(buyer, order.id);
    expect(again.status).toBe(409);
    expect(await getItem(keys.order(order.id))).toMatchObject({
      paymentStatus: "paid",
      stripePaymentIntentId: body.paymentIntentId,
    });
  });
});

describe("one open payment per order", () => {
  it("answers two requests at once with the same intent, so the card is charged once", async () => {
    const { buyer, order } = await wonOrder();
    const [a, b] = await Promise.all([
      orderPaymentIntent(buyer, order.id),
      orderPaymentIntent(buyer, order.id),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.paymentIntentId).toBe(a.body.paymentIntentId);
    expect(b.body.clientSecret).toBe(a.body.clientSecret);
    expect((await getItem(keys.order(order.id)))?.lastPaymentIntentId).toBe(a.body.paymentIntentId);

    expect((await confirm(buyer, a.body.paymentIntentId)).status).toBe(200);
    expect((await confirm(buyer, b.body.paymentIntentId)).status).toBe(409);
    expect((await getItem(keys.order(order.id)))?.paymentStatus).toBe("paid");
  });

  it("hands out the same intent again (a second tab, a reload, after a declined card) until it is canceled", async () => {
    const { buyer, order } = await wonOrder();
    const first = (await orderPaymentIntent(buyer, order.id)).body;
    expect((await orderPaymentIntent(buyer, order.id)).body).toEqual(first);
    expect((await confirm(buyer, first.paymentIntentId, TEST_CARDS.declined)).status).toBe(402);
    expect((await orderPaymentIntent(buyer, order.id)).body).toEqual(first);

    await localPaymentGateway().cancelPaymentIntent(first.paymentIntentId);
    const next = await orderPaymentIntent(buyer, order.id);
    expect(next.status).toBe(200);
    expect(next.body.paymentIntentId).not.toBe(first.paymentIntentId);
    expect((await confirm(buyer, first.paymentIntentId)).status).toBe(409);
    expect((await confirm(buyer, next.body.paymentIntentId)).status).toBe(200);
    expect(await getItem(keys.order(order.id))).toMatchObject({
      paymentStatus: "paid",
      stripePaymentIntentId: next.body.paymentIntentId,
    });
  });
});

describe("the payment webhook", () => {
  it("marks the order paid when the test card is charged", async () => {
    const { buyer, order } = await wonOrder();
    const { body } = await orderPaymentIntent(buyer, order.id);
    expect((await ordersOf(buyer))[0]?.paymentStatus).toBe("pending");

    const confirmed = await confirm(buyer, body.paymentIntentId);
    expect(confirmed.status).toBe(200);

    const [paid] = await ordersOf(buyer);
    expect(paid?.paymentStatus).toBe("paid");
    expect(paid?.paidAt).toEqual(expect.any(String));
  });

  it("leaves the order pending when the card is declined", async () => {
    const { buyer, order } = await wonOrder();
    const { body } = await orderPaymentIntent(buyer, order.id);
    const confirmed = await confirm(buyer, body.paymentIntentId, TEST_CARDS.declined);
    expect(confirmed.status).toBe(402);
    expect((await ordersOf(buyer))[0]?.paymentStatus).toBe("pending");
  });

  it("marks paid exactly once when the webhook is replayed, even concurrently", async () => {
    const { buyer, order } = await wonOrder();
    const { body } = await orderPaymentIntent(buyer, order.id);
    const webhook = await succeededWebhook(body.paymentIntentId);

    const first = await deliver(webhook);
    expect(first.status).toBe(200);
    const afterFirst = await getItem(keys.order(order.id));
    expect(afterFirst).toMatchObject({ paymentStatus: "paid", stripePaymentIntentId: body.paymentIntentId });

    moveClock(1000); // a replay that wrote again would write a later paidAt
    const replays = await Promise.all(Array.from({ length: 4 }, () => deliver(webhook)));
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    const afterReplays = await getItem(keys.order(order.id));
    expect(afterReplays?.paidAt).toBe(afterFirst?.paidAt);
    expect(afterReplays?.paymentStatus).toBe("paid");
    expect(await getItem(keys.orderPayment(body.paymentIntentId))).toMatchObject({ orderId: order.id });
  });

  it("never lets a second payment of a paid order replace the first, and refunds it whole", async () => {
    const { buyer, order } = await wonOrder();
    const firstIntent = (await orderPaymentIntent(buyer, order.id)).body.paymentIntentId;
    // The site never hands out a second open intent for an order; one made at the provider stands in.
    const secondIntent = (
      await localPaymentGateway().createPaymentIntent({
        amountCents: decimalToCents(order.finalPrice)!,
        currency: "usd",
        metadata: orderPaymentMetadata({ id: order.id, buyerId: buyer.id, auctionId: order.auctionId }),
      })
    ).id;
    // Both cards were charged; each webhook reports its own payment.
    await markLocalPaymentIntentSucceeded(firstIntent);
    await markLocalPaymentIntentSucceeded(secondIntent);
    const [first, second] = [await succeededWebhook(firstIntent), await succeededWebhook(secondIntent)];

    expect((await deliver(first)).status).toBe(200);
    const paid = await getItem(keys.order(order.id));
    expect((await deliver(second)).status).toBe(200);

    const after = await getItem(keys.order(order.id));
    expect(after?.stripePaymentIntentId).toBe(firstIntent);
    expect(after?.paidAt).toBe(paid?.paidAt);
    expect((await getItem(keys.localPaymentIntent(secondIntent)))?.refundedCents).toBe(
      decimalToCents(order.finalPrice),
    );
    expect((await getItem(keys.localPaymentIntent(firstIntent)))?.refundedCents).toBeUndefined();
    // The same event again refunds nothing more and still leaves the order as the first payment made it.
    expect((await deliver(second)).status).toBe(200);
    expect((await getItem(keys.order(order.id)))?.paymentStatus).toBe("paid");
  });

  it("refuses a webhook with a forged signature (400) and changes nothing", async () => {
    const { buyer, order } = await wonOrder();
    const { body } = await orderPaymentIntent(buyer, order.id);
    const webhook = await succeededWebhook(body.paymentIntentId);
    const forged = webhook.signatureHeader.replace(
      /v1=(\w)/,
      (_, c: string) => `v1=${c === "0" ? "1" : "0"}`,
    );
    expect(forged).not.toBe(webhook.signatureHeader);
    const res = await deliver({ ...webhook, signatureHeader: forged });
    expect(res.status).toBe(400);
    expect((await getItem(keys.order(order.id)))?.paymentStatus).toBe("pending");
  });

  it("shows a payment that succeeded without its webhook as paid on the buyer's next read", async () => {
    const { buyer, order } = await wonOrder();
    const { body } = await orderPaymentIntent(buyer, order.id);
    // The provider took the money but the webhook has not arrived (yet).
    await markLocalPaymentIntentSucceeded(body.paymentIntentId);

    const [seen] = await ordersOf(buyer);
    expect(seen?.paymentStatus).toBe("paid");
    expect(await getItem(keys.orderPayment(body.paymentIntentId))).toBeDefined();
  });
});
