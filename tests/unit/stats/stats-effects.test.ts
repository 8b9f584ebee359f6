import { describe, expect, it } from "vitest";
import { lastDays, lastHours, statsEffectOf } from "../../../functions/domain/stats.ts";

const AT = Date.parse("2026-11-25T14:30:00.000Z");
const platform = { kind: "platform" } as const;

describe("statsEffectOf: what one stream record moves", () => {
  it("a new bid: bids that day and hour, and its bidder as active that day", () => {
    const bid = { type: "bid", userId: "u1", createdAt: "2026-11-25T13:59:59.000Z" };
    expect(statsEffectOf(undefined, bid, AT)).toEqual({
      counters: [
        { scope: platform, period: "day", bucket: "2026-11-25", add: { bids: 1 } },
        { scope: platform, period: "hour", bucket: "2026-11-25T13", add: { bids: 1 } },
      ],
      activeBidder: { day: "2026-11-25", userId: "u1" },
    });
    // Changed or removed bid items (TTL, rewrites) count nothing.
    expect(statsEffectOf(bid, bid, AT)).toBeNull();
    expect(statsEffectOf(bid, undefined, AT)).toBeNull();
  });

  it("a credited purchase: revenue and packages sold", () => {
    const purchase = { type: "bidPurchase", amountCents: 1999, createdAt: "2026-11-24T23:00:00.000Z" };
    expect(statsEffectOf(undefined, purchase, AT)?.counters).toEqual([
      {
        scope: platform,
        period: "day",
        bucket: "2026-11-24",
        add: { bidPackageRevenueCents: 1999, bidPackagesSold: 1 },
      },
    ]);
  });

  it("an auction won once: active -> won counts, won -> won and active -> ended do not", () => {
    const active = { type: "auction", status: "active" };
    const won = { type: "auction", status: "won", endedAt: "2026-11-25T10:00:00.000Z" };
    expect(statsEffectOf(active, won, AT)?.counters).toEqual([
      { scope: platform, period: "day", bucket: "2026-11-25", add: { auctionsWon: 1 } },
    ]);
    expect(statsEffectOf(won, { ...won, totalBids: 3 }, AT)).toBeNull();
    expect(statsEffectOf(active, { type: "auction", status: "ended" }, AT)).toBeNull();
    expect(statsEffectOf(active, { ...active, totalBids: 4 }, AT)).toBeNull();
  });

  it("an order paid and shipped: the seller's sales, value and items shipped, each once", () => {
    const pending = { type: "order", sellerId: "s1", paymentStatus: "pending", finalPriceCents: 503 };
    const paid = { ...pending, paymentStatus: "paid", paidAt: "2026-11-25T12:00:00.000Z" };
    const seller = { kind: "seller", sellerId: "s1" };
    expect(statsEffectOf(pending, paid, AT)?.counters).toEqual([
      { scope: seller, period: "day", bucket: "2026-11-25", add: { sales: 1, salesCents: 503 } },
    ]);
    // Created paid (Buy It Now covered by bids) counts too.
    expect(statsEffectOf(undefined, paid, AT)?.counters).toHaveLength(1);
    const shipped = { ...paid, shippingStatus: "shipped", shippedAt: "2026-11-26T08:00:00.000Z" };
    expect(statsEffectOf(paid, shipped, AT)?.counters).toEqual([
      { scope: seller, period: "day", bucket: "2026-11-26", add: { itemsShipped: 1 } },
    ]);
    expect(statsEffectOf(shipped, { ...shipped, shippingStatus: "delivered" }, AT)).toBeNull();
  });

  it("everything else counts nothing (sessions, users, the stats items themselves)", () => {
    for (const item of [
      { type: "user" },
      { type: "session" },
      { type: "statsEvent" },
      { pk: "STATSDAY#PLATFORM" },
    ]) {
      expect(statsEffectOf(undefined, item, AT)).toBeNull();
    }
  });
});

describe("the charts' periods", () => {
  it("are the last N UTC days and hours, oldest first, ending with the current one", () => {
    expect(lastDays(AT, 3)).toEqual(["2026-11-23", "2026-11-24", "2026-11-25"]);
    expect(lastHours(AT, 2)).toEqual(["2026-11-25T13", "2026-11-25T14"]);
    expect(lastDays(AT, 30)).toHaveLength(30);
  });
});
