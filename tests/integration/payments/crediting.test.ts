/**
 * Bid credits are added only for a verified payment, and exactly once per payment, however the
 * webhook and the verify call of /payment-success arrive (docs/architecture.md section 6).
 */
import { describe, expect, it } from "vitest";
import { markLocalPaymentIntentSucceeded } from "../../../functions/adapters/dynamo/local-payment-intents-repo.ts";
import { localPaymentGateway } from "../../../functions/adapters/payments/index.ts";
import {
  type Buyer,
  createIntent,
  deliverWebhook,
  paidAtProvider,
  purchaseItem,
  signedSucceededWebhook,
  signUpBuyer,
  useTableWithPackages,
  verify,
} from "./fixtures.ts";

useTableWithPackages("payments-credit");

/** An intent for `packageId` whose card was charged at the provider, before any webhook arrived. */
async function paidIntent(buyer: Buyer, packageId = "popular") {
  const created = await createIntent(buyer, { packageId });
  expect(created.status).toBe(200);
  const id = created.body.paymentIntentId;
  expect(await markLocalPaymentIntentSucceeded(id)).toBe(true);
  const intent = await localPaymentGateway().retrievePaymentIntent(id);
  expect(intent?.status).toBe("succeeded");
  return intent!;
}

describe("the succeeded webhook", () => {
  it("credits the buyer the package's bids", async () => {
    const buyer = await signUpBuyer(7);
    const intent = await paidIntent(buyer, "popular");
    const res = await deliverWebhook(signedSucceededWebhook(intent));
    expect(res.status).toBe(200);
    expect(await buyer.balance()).toBe(7 + 150);
    expect(await purchaseItem(intent.id)).toMatchObject({
      userId: buyer.id,
      packageId: "popular",
      bidCount: 150,
      amountCents: 6000,
      stripePaymentIntentId: intent.id,
    });
  });

  it("delivered three times credits once", async () => {
    const buyer = await signUpBuyer(0);
    const intent = await paidIntent(buyer, "starter");
    const webhook = signedSucceededWebhook(intent);
    for (let i = 0; i < 3; i++) expect((await deliverWebhook(webhook)).status).toBe(200);
    // A replay Stripe signs afresh (a new event id and timestamp for the same payment) changes nothing either.
    expect((await deliverWebhook(signedSucceededWebhook(intent))).status).toBe(200);
    expect(await buyer.balance()).toBe(50);
  });

  it("delivered three times at once, concurrently with the verify calls, credits once", async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await signUpBuyer(3);
      const intent = await paidIntent(buyer, "pro");
      const webhook = signedSucceededWebhook(intent);
      const results = await Promise.all([
        deliverWebhook(webhook),
        verify(buyer, intent.id),
        deliverWebhook(webhook),
        verify(buyer, intent.id),
        deliverWebhook(webhook),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await buyer.balance()).toBe(3 + 400);
      // Every verify answer includes the credit, whoever made it.
      for (const r of [results[1]!, results[3]!]) {
        expect(r.body).toMatchObject({ status: "succeeded", bidBalance: 403, bidCount: 400 });
      }
    }
  });

  it("is still credited once when the buyer's other activity touches the balance at the same time", async () => {
    const buyer = await signUpBuyer(0);
    // Paid at once (a buyer has one open payment at a time through the site; Stripe may still hold
    // several paid ones whose webhooks arrive together).
    const intents = await Promise.all([
      paidAtProvider(buyer, "starter"),
      paidAtProvider(buyer, "popular"),
      paidAtProvider(buyer, "pro"),
    ]);
    await Promise.all(
      intents.flatMap((intent) => {
        const webhook = signedSucceededWebhook(intent);
        return [deliverWebhook(webhook), deliverWebhook(webhook), verify(buyer, intent.id)];
      }),
    );
    expect(await buyer.balance()).toBe(50 + 150 + 400);
  });
});

type PaidIntent = Parameters<typeof signedSucceededWebhook>[0];

describe("a webhook that is not Stripe's", () => {
  for (const { title, webhook, message } of [
    {
      title: "with a forged signature is refused with 400 and credits nothing",
      webhook: (intent: PaidIntent) => signedSucceededWebhook(intent, "whsec_attacker_guess"),
      message: "Invalid webhook signature",
    },
    {
      title: "without a signature is refused with 400 and credits nothing",
      webhook: (intent: PaidIntent) => ({ payload: signedSucceededWebhook(intent).payload }),
      message: "Missing Stripe-Signature header",
    },
  ]) {
    it(title, async () => {
      const buyer = await signUpBuyer(5);
      const intent = await paidIntent(buyer);
      const res = await deliverWebhook(webhook(intent));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await buyer.balance()).toBe(5);
      expect(await purchaseItem(intent.id)).toBeUndefined();
    });
  }

  it("whose body was changed after signing (more bids, another buyer) is refused", async () => {
    const victim = await signUpBuyer(0);
    const attacker = await signUpBuyer(0);
    const intent = await paidIntent(victim, "starter");
    const genuine = signedSucceededWebhook(intent);
    const tampered = genuine.payload
      .replace(`"bidCount": "50"`, `"bidCount": "5000"`)
      .replace(`"userId": "${victim.id}"`, `"userId": "${attacker.id}"`);
    expect(tampered).not.toBe(genuine.payload);
    const res = await deliverWebhook({ payload: tampered, signatureHeader: genuine.signatureHeader });
    expect(res.status).toBe(400);
    expect(await attacker.balance()).toBe(0);
    expect(await victim.balance()).toBe(0);
  });

  it("for an intent that has not succeeded (another event type) is acknowledged and credits nothing", async () => {
    const buyer = await signUpBuyer(0);
    const created = await createIntent(buyer, { packageId: "popular" });
    const intent = (await localPaymentGateway().retrievePaymentIntent(created.body.paymentIntentId))!;
    const { signWebhook } = await import("../../../functions/adapters/payments/local-gateway.ts");
    const { localWebhookSecret } = await import("../../../functions/adapters/payments/index.ts");
    const failedEvent = {
      id: "evt_failed_1",
      object: "event",
      type: "payment_intent.payment_failed",
      data: {
        object: {
          id: intent.id,
          object: "payment_intent",
          amount: 6000,
          currency: "usd",
          status: "requires_payment_method",
          metadata: intent.metadata,
        },
      },
    };
    const res = await deliverWebhook(signWebhook(failedEvent, localWebhookSecret(), Date.now()));
    expect(res.status).toBe(200);
    expect(await buyer.balance()).toBe(0);
  });
});

describe("the verify call of /payment-success", () => {
  it("credits a succeeded payment the webhook has not reached yet, and the late webhook adds nothing", async () => {
    const buyer = await signUpBuyer(1);
    const intent = await paidIntent(buyer, "popular");
    const first = await verify(buyer, intent.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: "succeeded",
      bidBalance: 151,
      paymentIntentId: intent.id,
      bidCount: 150,
    });
    expect((await verify(buyer, intent.id)).body.bidBalance).toBe(151);
    expect((await deliverWebhook(signedSucceededWebhook(intent))).status).toBe(200);
    expect(await buyer.balance()).toBe(151);
  });

  it("credits nothing while the payment has not succeeded", async () => {
    const buyer = await signUpBuyer(2);
    const created = await createIntent(buyer, { packageId: "popular" });
    const res = await verify(buyer, created.body.paymentIntentId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "requires_payment_method",
      bidBalance: 2,
      paymentIntentId: created.body.paymentIntentId,
    });
    expect(await purchaseItem(created.body.paymentIntentId)).toBeUndefined();
  });

  it("does not show or credit someone else's payment", async () => {
    const owner = await signUpBuyer(0);
    const other = await signUpBuyer(0);
    const intent = await paidIntent(owner, "starter");
    const res = await verify(other, intent.id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Payment not found");
    expect(await other.balance()).toBe(0);
    expect(await owner.balance()).toBe(0);
    expect(await purchaseItem(intent.id)).toBeUndefined();
  });

  it("answers 404 for an unknown payment, 400 for a malformed id and 401 when signed out", async () => {
    const buyer = await signUpBuyer(0);
    expect((await verify(buyer, "pi_local_000000000000000000000000")).status).toBe(404);
    expect((await verify(buyer, "not-an-intent")).status).toBe(400);
    const { invokeRoute } = await import("../../../scripts/local/invoke-route.ts");
    expect((await invokeRoute({ method: "POST", path: "/api/payments/pi_local_1/verify" })).status).toBe(401);
  });
});
