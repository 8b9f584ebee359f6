/**
 * Packages, GET /api/config and POST /api/create-payment-intent: the browser names a package; the
 * amount and the bids always come from the server's copy of it.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig, BidPackage } from "#shared/schemas/payments";
import { dynamoServedKeyStore } from "../../../functions/adapters/dynamo/realtime-api-keys-repo.ts";
import { localPaymentGateway } from "../../../functions/adapters/payments/index.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { seedBidPackages, upsertBidPackages } from "../../../scripts/seed/bid-packages.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  confirmCard,
  countLocalIntents,
  createIntent,
  signUpBuyer,
  storeBidPackage,
  verify,
} from "./fixtures.ts";

useFreshTable("payments-packages");

beforeAll(async () => {
  expect(await seedBidPackages()).toEqual(["starter", "popular", "pro"]);
});

const savedEnv = { ...process.env };
afterEach(() => {
  for (const name of ["PAYMENT_PROVIDER", "STRIPE_PUBLISHABLE_KEY"]) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

describe("GET /api/bid-packages", () => {
  it("lists the packages to anyone, by bid count, prices as 2-decimal strings", async () => {
    const res = await invokeRoute<BidPackage[]>({ method: "GET", path: "/api/bid-packages" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: "starter", name: "Starter", bidCount: 50, price: "25.00", savings: 0, popular: false },
      { id: "popular", name: "Popular", bidCount: 150, price: "60.00", savings: 20, popular: true },
      { id: "pro", name: "Pro", bidCount: 400, price: "140.00", savings: 30, popular: false },
    ]);
  });

  it("seeding again changes nothing and keeps an admin's edit", async () => {
    await upsertBidPackages([{ id: "starter", name: "Starter", bidCount: 60, price: "27.50" }]);
    expect(await seedBidPackages()).toEqual([]);
    const res = await invokeRoute<BidPackage[]>({ method: "GET", path: "/api/bid-packages" });
    expect(res.body.find((p) => p.id === "starter")).toMatchObject({ bidCount: 60, price: "27.50" });
    await upsertBidPackages([{ id: "starter", name: "Starter", bidCount: 50, price: "25.00" }]);
  });

  it("the admin upsert refuses a bad package and writes none of the batch", async () => {
    await expect(
      upsertBidPackages([
        { id: "mega", name: "Mega", bidCount: 1000, price: "300.00" },
        { id: "free", name: "Free", bidCount: 10, price: "0.00" },
      ]),
    ).rejects.toThrow(/price/);
    const res = await invokeRoute<BidPackage[]>({ method: "GET", path: "/api/bid-packages" });
    expect(res.body.map((p) => p.id)).toEqual(["starter", "popular", "pro"]);
  });
});

describe("GET /api/config", () => {
  /** What the config says of the stage whichever provider is active. */
  const STAGE_CONFIG = {
    winLimit: { wins: 10, days: 30 },
    bidValue: "0.60",
    referralBids: 10,
    shipWithinDays: 5,
    supportEmail: "support@example.com",
    live: { transport: "websocket", url: "/ws" },
  };

  it("tells the web the local provider is active, with no Stripe key", async () => {
    const res = await invokeRoute<AppConfig>({ method: "GET", path: "/api/config" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      paymentProvider: "local",
      ...STAGE_CONFIG,
    });
  });

  it("names the Event API and the public key the rotation serves when the events transport is set up", async () => {
    Object.assign(process.env, {
      EVENT_API_HTTP_ENDPOINT: "https://abc.appsync-api.eu-west-1.amazonaws.com/event",
      EVENT_API_REALTIME_ENDPOINT: "wss://abc.appsync-realtime-api.eu-west-1.amazonaws.com/event/realtime",
    });
    await dynamoServedKeyStore.serve({ id: "da2-public", since: Date.now(), expiresAt: Date.now() + 3e10 });
    try {
      const res = await invokeRoute<AppConfig>({ method: "GET", path: "/api/config" });
      expect(res.body.live).toEqual({
        transport: "events",
        httpEndpoint: "https://abc.appsync-api.eu-west-1.amazonaws.com/event",
        realtimeEndpoint: "wss://abc.appsync-realtime-api.eu-west-1.amazonaws.com/event/realtime",
        apiKey: "da2-public",
        channelPrefix: "/auctions",
      });
    } finally {
      for (const name of ["EVENT_API_HTTP_ENDPOINT", "EVENT_API_REALTIME_ENDPOINT"]) {
        delete process.env[name];
      }
    }
  });

  it("gives Stripe's publishable key when Stripe is active", async () => {
    process.env.PAYMENT_PROVIDER = "stripe";
    process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_123";
    const res = await invokeRoute<AppConfig>({ method: "GET", path: "/api/config" });
    expect(res.body).toEqual({
      paymentProvider: "stripe",
      stripePublishableKey: "pk_test_123",
      ...STAGE_CONFIG,
    });
  });
});

describe("POST /api/create-payment-intent", () => {
  it("creates an intent for the package's server-side price, bids and buyer", async () => {
    const buyer = await signUpBuyer();
    const res = await createIntent(buyer, { packageId: "popular" });
    expect(res.status).toBe(200);
    expect(res.body.clientSecret.startsWith(`${res.body.paymentIntentId}_secret_`)).toBe(true);
    const intent = await localPaymentGateway().retrievePaymentIntent(res.body.paymentIntentId);
    expect(intent).toEqual({
      id: res.body.paymentIntentId,
      status: "requires_payment_method",
      amountCents: 6000,
      currency: "usd",
      metadata: { kind: "bid_package", userId: buyer.id, packageId: "popular", bidCount: "150" },
    });
  });

  it("ignores any amount, price, bid count or buyer the client sends", async () => {
    const buyer = await signUpBuyer(0);
    const someoneElse = await signUpBuyer(0);
    const res = await createIntent(buyer, {
      packageId: "starter",
      amount: 1,
      amountCents: 1,
      price: "0.01",
      bidCount: 100_000,
      userId: someoneElse.id,
      metadata: { bidCount: "100000" },
    });
    expect(res.status).toBe(200);
    const intent = await localPaymentGateway().retrievePaymentIntent(res.body.paymentIntentId);
    expect(intent).toMatchObject({
      amountCents: 2500,
      metadata: { kind: "bid_package", userId: buyer.id, packageId: "starter", bidCount: "50" },
    });
    // Paying it adds exactly the package's 50 bids, to the buyer who created it.
    expect((await confirmCard(buyer, res.body.paymentIntentId, "4242 4242 4242 4242")).status).toBe(200);
    expect(await buyer.balance()).toBe(50);
    expect(await someoneElse.balance()).toBe(0);
  });

  it("charges the price the package has when the intent is created", async () => {
    await storeBidPackage({ id: "flash", name: "Flash Sale", bidCount: 20, priceCents: 899, savings: 10 });
    const buyer = await signUpBuyer();
    const res = await createIntent(buyer, { packageId: "flash" });
    expect((await localPaymentGateway().retrievePaymentIntent(res.body.paymentIntentId))?.amountCents).toBe(
      899,
    );
  });

  it("answers 404 for an unknown package and creates no intent", async () => {
    const buyer = await signUpBuyer();
    const before = await countLocalIntents();
    const res = await createIntent(buyer, { packageId: "does-not-exist" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Bid package not found" });
    expect(await countLocalIntents()).toBe(before);
  });

  it("answers 400 without a package and 401 when signed out", async () => {
    const buyer = await signUpBuyer();
    const missing = await createIntent(buyer, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("packageId: Required");
    const anonymous = await invokeRoute({
      method: "POST",
      path: "/api/create-payment-intent",
      body: { packageId: "starter" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("the local provider's test cards (POST /api/dev/payments/{id}/confirm)", () => {
  it("4000 0000 0000 0002 is declined, credits nothing, and the same intent can then be paid with 4242", async () => {
    const buyer = await signUpBuyer(4);
    const { body } = await createIntent(buyer, { packageId: "popular" });
    const declined = await confirmCard(buyer, body.paymentIntentId, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ message: "Your card was declined.", code: "card_declined" });
    expect(await buyer.balance()).toBe(4);
    expect((await verify(buyer, body.paymentIntentId)).body.status).toBe("requires_payment_method");

    const paid = await confirmCard(buyer, body.paymentIntentId, "4242 4242 4242 4242");
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ status: "succeeded", paymentIntentId: body.paymentIntentId });
    // The signed webhook it delivered has credited the purchase already.
    expect(await buyer.balance()).toBe(154);
    expect((await verify(buyer, body.paymentIntentId)).body).toMatchObject({
      status: "succeeded",
      bidBalance: 154,
    });
  });

  it("refuses to charge a paid intent twice", async () => {
    const buyer = await signUpBuyer(0);
    const { body } = await createIntent(buyer, { packageId: "starter" });
    expect((await confirmCard(buyer, body.paymentIntentId, "4242424242424242")).status).toBe(200);
    const again = await confirmCard(buyer, body.paymentIntentId, "4242424242424242");
    expect(again.status).toBe(409);
    expect(await buyer.balance()).toBe(50);
  });

  it("two simultaneous confirmations charge and credit once", async () => {
    const buyer = await signUpBuyer(0);
    const { body } = await createIntent(buyer, { packageId: "starter" });
    const results = await Promise.all([
      confirmCard(buyer, body.paymentIntentId, "4242424242424242"),
      confirmCard(buyer, body.paymentIntentId, "4242424242424242"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await buyer.balance()).toBe(50);
  });

  it("answers 404 for an unknown intent and 400 for a card number that is not one", async () => {
    const buyer = await signUpBuyer(0);
    expect((await confirmCard(buyer, "pi_local_ffffffffffffffffffffffff", "4242424242424242")).status).toBe(
      404,
    );
    const { body } = await createIntent(buyer, { packageId: "starter" });
    const letters = await confirmCard(buyer, body.paymentIntentId, "abcd");
    expect(letters.status).toBe(400);
    const wrongDigit = await confirmCard(buyer, body.paymentIntentId, "4242 4242 4242 4241");
    expect(wrongDigit.status).toBe(402);
    expect(wrongDigit.body.message).toBe("Your card number is invalid.");
    expect(await buyer.balance()).toBe(0);
  });

  it("only the signed-in owner of the intent may confirm it: no one else learns it exists or pays it", async () => {
    const owner = await signUpBuyer(0);
    const stranger = await signUpBuyer(0);
    const { body } = await createIntent(owner, { packageId: "starter" });
    const anonymous = await invokeRoute({
      method: "POST",
      path: `/api/dev/payments/${body.paymentIntentId}/confirm`,
      body: { cardNumber: "4242424242424242" },
    });
    expect(anonymous.status).toBe(401);
    const foreign = await confirmCard(stranger, body.paymentIntentId, "4242424242424242");
    expect(foreign).toMatchObject({ status: 404, body: { message: "Payment not found" } });
    expect((await verify(owner, body.paymentIntentId)).body.status).toBe("requires_payment_method");
    expect(await owner.balance()).toBe(0);
    expect(await stranger.balance()).toBe(0);
    expect((await confirmCard(owner, body.paymentIntentId, "4242424242424242")).status).toBe(200);
    expect(await owner.balance()).toBe(50);
  });

  it("does not exist while Stripe is the provider", async () => {
    const buyer = await signUpBuyer(0);
    const { body } = await createIntent(buyer, { packageId: "starter" });
    process.env.PAYMENT_PROVIDER = "stripe";
    const res = await confirmCard(buyer, body.paymentIntentId, "4242424242424242");
    expect(res.status).toBe(404);
    expect(await buyer.balance()).toBe(0);
  });
});
