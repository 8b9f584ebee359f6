import { describe, expect, it } from "vitest";
import type { AdminUser } from "#shared/schemas/admin";
import type { OrderView } from "#shared/schemas/orders";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { localPaymentGateway, localWebhookSecret } from "../../../functions/adapters/payments/index.ts";
import {
  disputedEvent,
  refundedEvent,
  signWebhook,
} from "../../../functions/adapters/payments/local-gateway.ts";
import { getItem } from "../auctions/fixtures.ts";
import { signedInActor } from "../support/actors.ts";
import { setAttributes } from "../support/raw-table.ts";
import {
  type Buyer,
  confirmCard,
  createIntent,
  deliverWebhook,
  signUpBuyer,
  useTableWithPackages,
} from "./fixtures.ts";

useTableWithPackages("payment-reversals");

const signed = (event: object) => signWebhook(event, localWebhookSecret(), Date.now());

/** A buyer who bought the 50-bid starter package ($25.00) and holds `extra` more credits. */
async function buyerWithPurchase(
  extra = 0,
): Promise<{ buyer: Buyer; intentId: string; amountCents: number }> {
  const buyer = await signUpBuyer(extra);
  const { body } = await createIntent(buyer, { packageId: "starter" });
  expect((await confirmCard(buyer, body.paymentIntentId, "4242424242424242")).status).toBe(200);
  const intent = await localPaymentGateway().retrievePaymentIntent(body.paymentIntentId);
  expect(await buyer.balance()).toBe(50 + extra);
  return { buyer, intentId: body.paymentIntentId, amountCents: intent!.amountCents };
}

const refund = (intentId: string, amountCents: number, refundedCents: number) =>
  deliverWebhook(
    signed(refundedEvent({ paymentIntentId: intentId, amountCents, refundedCents }, Date.now())),
  );

describe("a refunded bid package", () => {
  it("takes back exactly its credits on a full refund, and flags the buyer", async () => {
    const { buyer, intentId, amountCents } = await buyerWithPurchase(7);
    // What was paid for bids (what Buy It Now may credit) counts the payment, and the 7 free credits.
    expect(await getItem(keys.paidCredits(buyer.id))).toMatchObject({
      paidCents: amountCents,
      creditsReceived: 57,
    });
    const res = await refund(intentId, amountCents, amountCents);
    expect(res).toMatchObject({ status: 200, body: { received: true } });
    expect(await buyer.balance()).toBe(7);
    // The money went back: none of it is paid for bids any more.
    expect((await getItem(keys.paidCredits(buyer.id)))?.paidCents).toBe(0);
    expect(await getItem(keys.purchase(intentId))).toMatchObject({
      reversedCredits: 50,
      takenBack: 50,
      shortfall: 0,
      reversal: "refunded",
    });
    expect((await getItem(keys.user(buyer.id)))?.paymentFlag).toBe("refunded");
  });

  it("takes back in proportion to a partial refund, and the rest when it grows", async () => {
    const { buyer, intentId, amountCents } = await buyerWithPurchase();
    await refund(intentId, amountCents, amountCents * 0.2);
    expect(await buyer.balance()).toBe(40);
    expect((await getItem(keys.paidCredits(buyer.id)))?.paidCents).toBe(amountCents * 0.8);
    await refund(intentId, amountCents, amountCents);
    expect(await buyer.balance()).toBe(0);
    expect((await getItem(keys.paidCredits(buyer.id)))?.paidCents).toBe(0);
  });

  it("after the credits were spent, takes what is left, never below zero, and records the shortfall", async () => {
    const { buyer, intentId, amountCents } = await buyerWithPurchase();
    await setAttributes(keys.user(buyer.id), { bidBalance: 12 });
    await refund(intentId, amountCents, amountCents);
    expect(await buyer.balance()).toBe(0);
    expect(await getItem(keys.purchase(intentId))).toMatchObject({
      reversedCredits: 50,
      takenBack: 12,
      shortfall: 38,
    });
    expect((await getItem(keys.user(buyer.id)))?.paymentFlag).toBe("refunded");
  });

  it("changes nothing when the same event is delivered again, even concurrently", async () => {
    const { buyer, intentId, amountCents } = await buyerWithPurchase(20);
    const event = signed(
      refundedEvent({ paymentIntentId: intentId, amountCents, refundedCents: amountCents }, Date.now()),
    );
    const results = await Promise.all([deliverWebhook(event), deliverWebhook(event), deliverWebhook(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await buyer.balance()).toBe(20);
    await deliverWebhook(event);
    expect(await buyer.balance()).toBe(20);
    expect((await getItem(keys.paidCredits(buyer.id)))?.paidCents).toBe(0);
  });

  it("a dispute takes back the credits too and flags the account as disputed", async () => {
    const { buyer, intentId, amountCents } = await buyerWithPurchase(3);
    const res = await deliverWebhook(
      signed(disputedEvent({ paymentIntentId: intentId, amountCents }, Date.now())),
    );
    expect(res.status).toBe(200);
    expect(await buyer.balance()).toBe(3);
    const admin = await signedInActor("admin");
    const users = await admin.call<AdminUser[]>({ method: "GET", path: "/api/admin/users" });
    expect(users.body.find((u) => u.id === buyer.id)?.paymentFlag).toBe("disputed");
  });

  it("acknowledges a refund of a payment it does not know, changing nothing", async () => {
    const res = await refund("pi_local_unknown00000000000000", 1000, 1000);
    expect(res).toMatchObject({ status: 200, body: { received: true } });
  });

  it("refuses a forged refund (400) and changes nothing", async () => {
    const { buyer, intentId, amountCents } = await buyerWithPurchase();
    const forged = signWebhook(
      refundedEvent({ paymentIntentId: intentId, amountCents, refundedCents: amountCents }, Date.now()),
      "whsec_wrong",
      Date.now(),
    );
    expect((await deliverWebhook(forged)).status).toBe(400);
    expect(await buyer.balance()).toBe(50);
  });
});

describe("a refunded or disputed order", () => {
  it("shows Refunded, then Disputed, to the buyer, the seller and the admin", async () => {
    const { wonOrderPaid } = await import("./reversal-fixtures.ts");
    const { buyer, seller, order, intentId, amountCents } = await wonOrderPaid();
    const statusFor = async () => ({
      buyer: (await buyer.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" })).body.find(
        (o) => o.id === order.id,
      )?.paymentStatus,
      seller: (await seller.call<OrderView[]>({ method: "GET", path: "/api/orders/seller" })).body.find(
        (o) => o.id === order.id,
      )?.paymentStatus,
    });
    expect(await statusFor()).toEqual({ buyer: "paid", seller: "paid" });
    expect((await refund(intentId, amountCents, amountCents)).status).toBe(200);
    expect(await statusFor()).toEqual({ buyer: "refunded", seller: "refunded" });
    expect(
      (await deliverWebhook(signed(disputedEvent({ paymentIntentId: intentId, amountCents }, Date.now()))))
        .status,
    ).toBe(200);
    expect(await statusFor()).toEqual({ buyer: "disputed", seller: "disputed" });
    // A late refund event does not undo the dispute.
    expect((await refund(intentId, amountCents, amountCents)).status).toBe(200);
    expect((await getItem(keys.order(order.id)))?.paymentStatus).toBe("disputed");
  });
});
