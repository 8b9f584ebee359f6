import { describe, expect, it } from "vitest";
import {
  applyShippingUpdate,
  mayUpdateShipping,
  orderPaymentMetadata,
  orderPaymentRefusal,
  orderRefusal,
  readOrderPayment,
  type ShippingState,
  wonAt,
} from "../../../functions/domain/orders.ts";
import type { PaymentIntentView } from "../../../functions/domain/payments.ts";

const NOW = Date.parse("2030-01-01T12:00:00.000Z");
const LATER = NOW + 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe("who may order a won auction", () => {
  it.each([
    ["lets the winner of a won auction order it", { status: "won", winnerId: "alice" }, "alice", null],
    ["refuses anyone but the winner", { status: "won", winnerId: "alice" }, "bob", "not-winner"],
    [
      "refuses an auction that ended without bids, whoever asks",
      { status: "ended", winnerId: null },
      "alice",
      "not-winner",
    ],
    [
      "refuses an auction that is still running, even to its current leader",
      { status: "active", winnerId: undefined },
      "alice",
      "still-running",
    ],
  ] as const)("%s", (_title, auction, userId, refusal) => {
    expect(orderRefusal(auction, userId)).toBe(refusal);
  });
});

describe("who may pay an order", () => {
  it.each([
    ["lets the buyer pay a pending order", "pending", "alice", null],
    ["refuses someone else's order before saying anything about its state", "paid", "bob", "not-buyer"],
  ] as const)("%s", (_title, paymentStatus, userId, refusal) => {
    expect(orderPaymentRefusal({ buyerId: "alice", paymentStatus }, userId)).toBe(refusal);
  });

  it("refuses an order already paid or refunded", () => {
    for (const paymentStatus of ["paid", "refunded"] as const)
      expect(orderPaymentRefusal({ buyerId: "alice", paymentStatus }, "alice")).toBe("already-paid");
  });
});

describe("who may update shipping", () => {
  it("is the seller's user only", () => {
    expect(mayUpdateShipping({ sellerUserId: "seller-1" }, "seller-1")).toBe(true);
    expect(mayUpdateShipping({ sellerUserId: "seller-1" }, "seller-2")).toBe(false);
  });
});

describe("shipping transitions", () => {
  const pending: ShippingState = { shippingStatus: "pending" };

  it("stamps shippedAt when the order ships, with the tracking number given", () => {
    expect(applyShippingUpdate(pending, { status: "shipped", trackingNumber: " 1Z999 " }, NOW)).toEqual({
      shippingStatus: "shipped",
      shippedAt: iso(NOW),
      trackingNumber: "1Z999",
    });
  });

  it("ships without a tracking number (it is optional)", () => {
    const shipped = applyShippingUpdate(pending, { status: "shipped" }, NOW);
    expect(shipped).toEqual({ shippingStatus: "shipped", shippedAt: iso(NOW) });
  });

  it("keeps the first shippedAt when shipped is set again, and can change the tracking number", () => {
    const shipped = applyShippingUpdate(pending, { status: "shipped", trackingNumber: "A" }, NOW);
    expect(applyShippingUpdate(shipped, { status: "shipped", trackingNumber: "B" }, LATER)).toEqual({
      shippingStatus: "shipped",
      shippedAt: iso(NOW),
      trackingNumber: "B",
    });
  });

  it("stamps deliveredAt on delivery and keeps when it shipped and its tracking number", () => {
    const shipped = applyShippingUpdate(pending, { status: "shipped", trackingNumber: "A" }, NOW);
    expect(applyShippingUpdate(shipped, { status: "delivered" }, LATER)).toEqual({
      shippingStatus: "delivered",
      shippedAt: iso(NOW),
      deliveredAt: iso(LATER),
      trackingNumber: "A",
    });
  });

  it("allows pending -> delivered directly, stamping both times (no order is enforced)", () => {
    const delivered = applyShippingUpdate(pending, { status: "delivered" }, NOW);
    expect(delivered).toEqual({ shippingStatus: "delivered", shippedAt: iso(NOW), deliveredAt: iso(NOW) });
  });

  it("allows going back: delivered -> pending clears both stamps but keeps the tracking number", () => {
    const delivered: ShippingState = {
      shippingStatus: "delivered",
      shippedAt: iso(NOW),
      deliveredAt: iso(NOW),
      trackingNumber: "A",
    };
    expect(applyShippingUpdate(delivered, { status: "pending" }, LATER)).toEqual({
      shippingStatus: "pending",
      trackingNumber: "A",
    });
    expect(applyShippingUpdate(delivered, { status: "shipped" }, LATER)).toEqual({
      shippingStatus: "shipped",
      shippedAt: iso(LATER),
      trackingNumber: "A",
    });
  });

  it("removes the tracking number when an empty one is sent", () => {
    const shipped: ShippingState = { shippingStatus: "shipped", shippedAt: iso(NOW), trackingNumber: "A" };
    expect(applyShippingUpdate(shipped, { status: "shipped", trackingNumber: "  " }, LATER)).toEqual({
      shippingStatus: "shipped",
      shippedAt: iso(NOW),
    });
  });
});

describe("order payments", () => {
  const order = { id: "order-1", buyerId: "alice", auctionId: "auction-1" };
  const intent = (overrides: Partial<PaymentIntentView> = {}): PaymentIntentView => ({
    id: "pi_123",
    status: "succeeded",
    amountCents: 1234,
    currency: "usd",
    metadata: orderPaymentMetadata(order),
    ...overrides,
  });

  it("reads the order, buyer and amount of a succeeded order payment", () => {
    expect(readOrderPayment(intent())).toEqual({
      ok: true,
      payment: { paymentIntentId: "pi_123", orderId: "order-1", buyerId: "alice", amountCents: 1234 },
    });
  });

  it("ignores bid-package payments, unfinished payments, other currencies and broken metadata", () => {
    expect(readOrderPayment(intent({ metadata: { kind: "bid_package", userId: "alice" } })).ok).toBe(false);
    expect(readOrderPayment(intent({ status: "processing" })).ok).toBe(false);
    expect(readOrderPayment(intent({ currency: "eur" })).ok).toBe(false);
    expect(readOrderPayment(intent({ metadata: { kind: "order", userId: "alice" } })).ok).toBe(false);
    expect(readOrderPayment(intent({ amountCents: 0 })).ok).toBe(false);
  });
});

describe("won date", () => {
  it("is the auction's end time", () => {
    expect(wonAt({ endsAt: NOW })).toBe("2030-01-01T12:00:00.000Z");
  });
});
