import { describe, expect, it } from "vitest";
import type { AdminUser } from "#shared/schemas/admin";
import { parseAdjustment, previewBalance } from "../../../web/src/features/admin/components/adjustment.ts";
import { platformValue } from "../../../web/src/features/admin/components/platform-value.ts";
import { recentRegistrations } from "../../../web/src/features/admin/components/recent-registrations.ts";
import { sellerStats } from "../../../web/src/features/seller/components/seller-stats.ts";

const NOW = Date.parse("2030-01-02T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;

function user(name: string, hoursAgo: number): AdminUser {
  return {
    id: name,
    username: name,
    email: `${name}@example.com`,
    role: "buyer",
    bidBalance: 0,
    lastBidAt: null,
    lastSeenAt: null,
    createdAt: new Date(NOW - hoursAgo * HOUR).toISOString(),
    paymentFlag: null,
  };
}

describe("Recent Registrations", () => {
  it("keeps the last 24 hours, newest first, shows 5 and counts the rest", () => {
    const users = [
      user("a", 1),
      user("old", 25),
      user("b", 0.1),
      user("c", 23.9),
      user("d", 5),
      user("e", 2),
      user("f", 3),
      user("g", 4),
    ];
    const { shown, more } = recentRegistrations(users, NOW);
    expect(shown.map((u) => u.username)).toEqual(["b", "a", "e", "f", "g"]);
    expect(more).toBe(2);
  });

  it("counts nothing more when 5 or fewer registered", () => {
    expect(recentRegistrations([user("a", 1), user("old", 48)], NOW)).toEqual({
      shown: [user("a", 1)],
      more: 0,
    });
  });
});

describe("the Adjust Bid Balance dialog", () => {
  it.each([
    ["5", 5],
    ["-12", -12],
    ["+3", 3],
    [" 7 ", 7],
  ])("reads %j as %d", (text, amount) => {
    expect(parseAdjustment(text)).toBe(amount);
  });

  it.each(["", "0", "-0", "1.5", "abc", "1e3", "2000000"])("refuses %j", (text) => {
    expect(parseAdjustment(text)).toBeNull();
  });

  it("previews the new balance floored at 0", () => {
    expect(previewBalance(10, 5)).toBe(15);
    expect(previewBalance(10, -4)).toBe(6);
    expect(previewBalance(10, -40)).toBe(0);
  });
});

describe("dashboard figures", () => {
  it("the seller's cards: active auctions, total bids and the sum of current prices", () => {
    expect(
      sellerStats([
        { status: "active", totalBids: 3, currentPrice: "0.53" },
        { status: "won", totalBids: 10, currentPrice: "12.10" },
        { status: "active", totalBids: 0, currentPrice: "1000.00" },
      ]),
    ).toEqual({ activeAuctions: 2, totalBids: 13, currentValue: "$1,012.63" });
    expect(sellerStats([])).toEqual({ activeAuctions: 0, totalBids: 0, currentValue: "$0.00" });
  });

  it("the platform value adds every auction's current price in cents (no float drift)", () => {
    const auctions = Array.from({ length: 10 }, () => ({ currentPrice: "0.10" }));
    expect(platformValue(auctions)).toBe("$1.00");
  });
});

describe("the admin lists' search", () => {
  it("matches when every word appears in one of the texts, in any case", async () => {
    const { matchesSearch } = await import("../../../shared/search.ts");
    expect(matchesSearch("", "anything")).toBe(true);
    expect(matchesSearch("bar ABC", "Filter Bar abc", "Seller")).toBe(true);
    expect(matchesSearch("bar seller", "Filter Bar", "Seller Metals")).toBe(true);
    expect(matchesSearch("bar xyz", "Filter Bar", "Seller")).toBe(false);
  });
});
