/**
 * Spending limits and self-exclusion hold when the money lands, not only when a payment starts: a
 * buyer has one open payment, self-exclusion cancels it, and a payment that lands past a limit or
 * while its buyer is self-excluded is refunded through the provider and never credited. Probes of the
 * security review, against the local provider (and, for Stripe's order of events, its signed webhooks).
 */
import { describe, expect, it } from "vitest";
import { TEST_CARDS } from "#shared/payments";
import type { LimitsView } from "#shared/schemas/limits";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { markLocalPaymentIntentSucceeded } from "../../../functions/adapters/dynamo/local-payment-intents-repo.ts";
import { localPaymentGateway, localWebhookSecret } from "../../../functions/adapters/payments/index.ts";
import { refundedEvent, signWebhook } from "../../../functions/adapters/payments/local-gateway.ts";
import { getItem } from "../auctions/fixtures.ts";
import {
  type Buyer,
  confirmCard,
  createIntent,
  deliverWebhook,
  paidAtProvider,
  signedSucceededWebhook,
  signUpBuyer,
  useTableWithPackages,
  verify,
} from "../payments/fixtures.ts";

useTableWithPackages("fair-play-limits-at-payment");

const STARTER = { packageId: "starter", cents: 2500, bids: 50 };
const setLimits = (buyer: Buyer, body: unknown) =>
  buyer.call<LimitsView>({ method: "PUT", path: "/api/me/limits", body });
const limits = async (buyer: Buyer) =>
  (await buyer.call<LimitsView>({ method: "GET", path: "/api/me/limits" })).body;
const selfExclude = (buyer: Buyer, days: number) =>
  buyer.call<LimitsView>({ method: "POST", path: "/api/me/self-exclusion", body: { days } });
const localIntent = (id: string) => localPaymentGateway().retrievePaymentIntent(id);
const localRecord = (id: string) => getItem(keys.localPaymentIntent(id));

async function startStarter(buyer: Buyer): Promise<string> {
  const intent = await createIntent(buyer, { packageId: STARTER.packageId });
  expect(intent.status, intent.body.message).toBe(200);
  return intent.body.paymentIntentId;
}

/** A payment the provider took without our webhook yet (Stripe.js confirmed it; the event is on its way). */
const paidStarter = async (buyer: Buyer) => (await paidAtProvider(buyer, STARTER.packageId)).id;

const succeededWebhookOf = async (id: string) => signedSucceededWebhook((await localIntent(id))!);

describe("a daily limit of $25 and five payments for the $25 package", () => {
  it("five started, all confirmed: one is charged and credited, the four replaced ones cannot be paid", async () => {
    const buyer = await signUpBuyer();
    expect((await setLimits(buyer, { daily: "25.00" })).status).toBe(200);
    const started: string[] = [];
    for (let i = 0; i < 5; i++) started.push(await startStarter(buyer));

    const confirmed = [];
    for (const id of started) confirmed.push(await confirmCard(buyer, id, TEST_CARDS.succeeds));
    expect(confirmed.map((c) => c.status)).toEqual([409, 409, 409, 409, 200]);
    expect(confirmed[0]!.body.message).toBe("This payment was canceled. Please start a new one.");
    for (const id of started.slice(0, 4)) expect((await localIntent(id))?.status).toBe("canceled");

    expect(await buyer.balance()).toBe(STARTER.bids);
    expect((await limits(buyer)).spent.day).toBe("25.00");
    // The limit is reached: a sixth is refused before anything is charged.
    const sixth = await createIntent(buyer, { packageId: STARTER.packageId });
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toMatch(/^This purchase would pass your daily spending limit of \$25\.00\./);
  });

  it("five paid at the provider, their webhooks at once: one credited, four refunded, never credited", async () => {
    const buyer = await signUpBuyer();
    await setLimits(buyer, { daily: "25.00" });
    const paid = await Promise.all([1, 2, 3, 4, 5].map(() => paidStarter(buyer)));
    const webhooks = await Promise.all(paid.map(succeededWebhookOf));

    const answers = await Promise.all(webhooks.map(deliverWebhook));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // Delivered again (Stripe retries), nothing changes.
    await Promise.all(webhooks.map(deliverWebhook));

    const purchases = await Promise.all(paid.map((id) => getItem(keys.purchase(id))));
    expect(purchases.filter((p) => p?.type === "bidPurchase")).toHaveLength(1);
    const refused = purchases.filter((p) => p?.type === "refusedPurchase");
    expect(refused).toHaveLength(4);
    for (const item of refused) {
      expect(item?.refusal).toMatch(/^This purchase would pass your daily spending limit of \$25\.00\./);
      expect(item?.refundedAt).toEqual(expect.any(String));
    }
    const records = await Promise.all(paid.map(localRecord));
    expect(records.filter((r) => r?.refundedCents === STARTER.cents)).toHaveLength(4);
    expect(await buyer.balance()).toBe(STARTER.bids);
    expect((await limits(buyer)).spent.day).toBe("25.00");

    // The success page of a refused one says why, and the balance is unchanged.
    const refusedId = paid[purchases.findIndex((p) => p?.type === "refusedPurchase")]!;
    const verified = await verify(buyer, refusedId);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: "succeeded", bidBalance: STARTER.bids });
    expect(verified.body.refusal).toMatch(/daily spending limit of \$25\.00/);
    expect(verified.body.bidCount).toBeUndefined();
  });

  it("a limit lowered after the payment started refuses it when it lands; Stripe's refund event takes nothing", async () => {
    const buyer = await signUpBuyer(10);
    await setLimits(buyer, { daily: "50.00" });
    const id = await startStarter(buyer);
    await setLimits(buyer, { daily: "20.00" });

    expect((await confirmCard(buyer, id, TEST_CARDS.succeeds)).status).toBe(200);
    const verified = await verify(buyer, id);
    expect(verified.body.refusal).toMatch(
      /^This purchase would pass your daily spending limit of \$20\.00\./,
    );
    expect(await buyer.balance()).toBe(10);
    expect((await localRecord(id))?.refundedCents).toBe(STARTER.cents);

    const now = Date.now();
    const refundEvent = refundedEvent(
      { paymentIntentId: id, amountCents: STARTER.cents, refundedCents: STARTER.cents },
      now,
    );
    const webhook = signWebhook(refundEvent, localWebhookSecret(), now);
    expect((await deliverWebhook(webhook)).status).toBe(200);
    expect(await buyer.balance()).toBe(10);
    expect((await getItem(keys.user(buyer.id)))?.paymentFlag).toBeUndefined();
    expect((await limits(buyer)).spent.day).toBe("0.00");
  });
});

describe("one open payment per buyer", () => {
  it("two started at once: exactly one of them can be paid, the buyer's open one", async () => {
    const buyer = await signUpBuyer();
    const answers = await Promise.all([
      createIntent(buyer, { packageId: STARTER.packageId }),
      createIntent(buyer, { packageId: STARTER.packageId }),
    ]);
    // At the same moment, the one recorded second is canceled and answered 409; a moment apart, the
    // second cancels the first.
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe("Another payment was started at the same moment. Please try again.");
    }
    const handedOut = answers.filter((a) => a.status === 200).map((a) => a.body.paymentIntentId);
    const payable = [];
    for (const id of handedOut) if ((await localIntent(id))?.status !== "canceled") payable.push(id);
    expect(payable).toEqual([(await getItem(keys.user(buyer.id)))?.openPurchaseIntentId]);
  });
});

describe("self-exclusion after payments were started", () => {
  it("cancels the open payment: none of the three started can be paid or credited", async () => {
    const buyer = await signUpBuyer();
    const started = [await startStarter(buyer), await startStarter(buyer), await startStarter(buyer)];
    expect((await selfExclude(buyer, 30)).status).toBe(200);
    for (const id of started) {
      expect((await localIntent(id))?.status).toBe("canceled");
      expect((await confirmCard(buyer, id, TEST_CARDS.succeeds)).status).toBe(409);
    }
    expect(await buyer.balance()).toBe(0);
  });

  it("refunds a payment that lands while excluded, whether paid before or after the exclusion", async () => {
    const buyer = await signUpBuyer();
    // Paid before the exclusion, its webhook still on the way.
    const open = await startStarter(buyer);
    expect(await markLocalPaymentIntentSucceeded(open)).toBe(true);
    // Paid at the provider and never recorded as open (the Stripe order of events at its worst).
    const stray = await paidStarter(buyer);

    expect((await selfExclude(buyer, 30)).status).toBe(200);
    expect((await getItem(keys.purchase(open)))?.type).toBe("refusedPurchase");
    expect((await deliverWebhook(await succeededWebhookOf(open))).status).toBe(200);
    expect((await deliverWebhook(await succeededWebhookOf(stray))).status).toBe(200);

    for (const id of [open, stray]) {
      expect((await getItem(keys.purchase(id)))?.refusal).toMatch(/^Self-excluded until /);
      expect((await localRecord(id))?.refundedCents).toBe(STARTER.cents);
    }
    expect(await buyer.balance()).toBe(0);
    expect((await limits(buyer)).spent.month).toBe("0.00");
  });
});
