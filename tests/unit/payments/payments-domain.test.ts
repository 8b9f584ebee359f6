import { describe, expect, it } from "vitest";
import { paymentIntentIdFromClientSecret } from "#shared/payments";
import {
  bidPackageMetadata,
  localCardOutcome,
  type PaymentIntentView,
  passesLuhn,
  paymentBelongsTo,
  readBidPurchase,
  succeededIntentOf,
} from "../../../functions/domain/payments.ts";

const intent = (overrides: Partial<PaymentIntentView> = {}): PaymentIntentView => ({
  id: "pi_123",
  status: "succeeded",
  amountCents: 6000,
  currency: "usd",
  metadata: bidPackageMetadata({ userId: "u1", packageId: "popular", bidCount: 150 }),
  ...overrides,
});

describe("which succeeded payment credits what", () => {
  it("a succeeded bid-package payment credits the buyer the bids fixed at creation", () => {
    expect(readBidPurchase(intent())).toEqual({
      ok: true,
      purchase: {
        paymentIntentId: "pi_123",
        userId: "u1",
        packageId: "popular",
        bidCount: 150,
        amountCents: 6000,
      },
    });
  });

  it("a payment that has not succeeded credits nothing", () => {
    for (const status of ["processing", "requires_payment_method", "canceled"] as const) {
      expect(readBidPurchase(intent({ status })).ok).toBe(false);
    }
  });

  it("an order payment credits no bids", () => {
    expect(readBidPurchase(intent({ metadata: { kind: "order", userId: "u1", orderId: "o1" } })).ok).toBe(
      false,
    );
  });

  it("metadata without a buyer or with a bad bid count credits nothing", () => {
    const base = intent().metadata;
    expect(readBidPurchase(intent({ metadata: { ...base, userId: "" } })).ok).toBe(false);
    for (const bidCount of ["0", "-5", "1.5", "lots", ""]) {
      expect(readBidPurchase(intent({ metadata: { ...base, bidCount } })).ok).toBe(false);
    }
  });

  it("a payment in another currency credits nothing", () => {
    expect(readBidPurchase(intent({ currency: "eur" })).ok).toBe(false);
  });

  it("only payment_intent.succeeded events carry a payment to act on", () => {
    expect(
      succeededIntentOf({ id: "evt_1", type: "payment_intent.succeeded", paymentIntent: intent() })?.id,
    ).toBe("pi_123");
    expect(
      succeededIntentOf({ id: "evt_2", type: "payment_intent.payment_failed", paymentIntent: intent() }),
    ).toBeNull();
    expect(succeededIntentOf({ id: "evt_3", type: "charge.succeeded" })).toBeNull();
    expect(
      succeededIntentOf({
        id: "evt_4",
        type: "payment_intent.succeeded",
        paymentIntent: intent({ status: "processing" }),
      }),
    ).toBeNull();
  });

  it("a payment belongs to the user named in its metadata only", () => {
    expect(paymentBelongsTo(intent(), "u1")).toBe(true);
    expect(paymentBelongsTo(intent(), "u2")).toBe(false);
  });
});

describe("local provider test cards", () => {
  it("4242 4242 4242 4242 succeeds, however it is spaced", () => {
    expect(localCardOutcome("4242 4242 4242 4242")).toEqual({ outcome: "succeeded" });
    expect(localCardOutcome("4242424242424242")).toEqual({ outcome: "succeeded" });
    expect(localCardOutcome("4242-4242-4242-4242")).toEqual({ outcome: "succeeded" });
  });

  it("4000 0000 0000 0002 is declined with Stripe's message", () => {
    expect(localCardOutcome("4000 0000 0000 0002")).toEqual({
      outcome: "declined",
      code: "card_declined",
      message: "Your card was declined.",
    });
  });

  it("4000 0000 0000 9995 has insufficient funds", () => {
    expect(localCardOutcome("4000000000009995")).toMatchObject({
      outcome: "declined",
      code: "insufficient_funds",
    });
  });

  it("a malformed number is invalid, a valid non-test number is declined", () => {
    expect(localCardOutcome("4242 4242 4242 4241")).toMatchObject({ code: "invalid_number" });
    expect(localCardOutcome("1234")).toMatchObject({ code: "invalid_number" });
    expect(localCardOutcome("5555 5555 5555 4444")).toMatchObject({
      outcome: "declined",
      code: "card_declined",
    });
  });

  it("Luhn accepts real check digits only", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true);
    expect(passesLuhn("4242424242424243")).toBe(false);
  });
});

describe("client secrets", () => {
  it("start with their PaymentIntent id", () => {
    expect(paymentIntentIdFromClientSecret("pi_3Mtw_secret_abc")).toBe("pi_3Mtw");
    expect(paymentIntentIdFromClientSecret("pi_local_0a1b_secret_ffee")).toBe("pi_local_0a1b");
    expect(paymentIntentIdFromClientSecret("nonsense")).toBeNull();
    expect(paymentIntentIdFromClientSecret("_secret_abc")).toBeNull();
  });
});
