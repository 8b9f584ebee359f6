import { describe, expect, it } from "vitest";
import {
  type AuctionRuleState,
  bidRefusal,
  endsAtAfterBid,
  finalOutcome,
  isOver,
  lockPriceRefusal,
  planBid,
  priceAfterBids,
  retryDelayMs,
} from "../../../functions/domain/bidding.ts";

const NOW = Date.parse("2030-01-01T12:00:00.000Z");

function auction(overrides: Partial<AuctionRuleState> = {}): AuctionRuleState {
  return {
    status: "active",
    endsAt: NOW + 60_000,
    totalBids: 0,
    startingPriceCents: 50,
    bidIncrementCents: 1,
    extensionSeconds: 10,
    sellerUserId: "seller-user",
    lastBidderId: null,
    ...overrides,
  };
}

describe("the lock", () => {
  it("the bid that reaches the lock price locks it; later bids need an earlier bid", () => {
    const open = auction({ totalBids: 2, lockAtPriceCents: 53 });
    expect(planBid(open, NOW)).toMatchObject({ priceCents: 53, locks: true, onlyEarlierBidders: false });
    expect(planBid({ ...open, totalBids: 1 }, NOW)).toMatchObject({ locks: false });
    const locked = { ...open, totalBids: 3, locked: true };
    expect(planBid(locked, NOW)).toMatchObject({ locks: false, onlyEarlierBidders: true });
    expect(bidRefusal(locked, "newcomer", NOW, undefined, 0)).toBe("locked-out");
    expect(bidRefusal(locked, "regular", NOW, undefined, 2)).toBeNull();
    expect(planBid(auction({ totalBids: 500 }), NOW)).toMatchObject({ locks: false });
  });

  it("a lock price must be above the starting price", () => {
    expect(lockPriceRefusal(51, 50)).toBeNull();
    expect(lockPriceRefusal(50, 50)).toBe("Lock price must be above the starting price ($0.50)");
  });
});

describe("next price", () => {
  it("is the starting price plus n increments after bid n", () => {
    expect(priceAfterBids(50, 0, 1)).toBe(50);
    expect(priceAfterBids(50, 1, 1)).toBe(51);
    expect(priceAfterBids(1234, 766, 1)).toBe(2000);
    expect(priceAfterBids(100, 3, 25)).toBe(175);
  });

  it("numbers the bid totalBids + 1 and prices it from the start, not from the current price", () => {
    const plan = planBid(auction({ totalBids: 41, startingPriceCents: 500 }), NOW);
    expect(plan.sequence).toBe(42);
    expect(plan.priceCents).toBe(542);
  });
});

describe("next endsAt", () => {
  it("keeps the end when more than 10 s remain", () => {
    expect(endsAtAfterBid(NOW + 10_001, NOW, 10)).toBe(NOW + 10_001);
    expect(endsAtAfterBid(NOW + 3_600_000, NOW, 10)).toBe(NOW + 3_600_000);
  });

  it("moves the end to now + 10 s when 10 s or less remain", () => {
    expect(endsAtAfterBid(NOW + 10_000, NOW, 10)).toBe(NOW + 10_000);
    expect(endsAtAfterBid(NOW + 9_999, NOW, 10)).toBe(NOW + 10_000);
    expect(endsAtAfterBid(NOW + 1, NOW, 10)).toBe(NOW + 10_000);
  });

  it("uses the auction's own extension", () => {
    expect(endsAtAfterBid(NOW + 2_000, NOW, 3)).toBe(NOW + 3_000);
    expect(endsAtAfterBid(NOW + 4_000, NOW, 3)).toBe(NOW + 4_000);
    expect(planBid(auction({ endsAt: NOW + 500, extensionSeconds: 5 }), NOW).endsAt).toBe(NOW + 5_000);
  });
});

describe("who may bid", () => {
  it("lets a buyer bid on a running auction they are not leading", () => {
    expect(bidRefusal(auction({ lastBidderId: "someone-else" }), "buyer", NOW)).toBeNull();
  });

  it("refuses at and after endsAt, and once the auction is finished", () => {
    expect(bidRefusal(auction({ endsAt: NOW }), "buyer", NOW)).toBe("ended");
    expect(bidRefusal(auction({ endsAt: NOW - 1 }), "buyer", NOW)).toBe("ended");
    expect(bidRefusal(auction({ status: "won" }), "buyer", NOW)).toBe("ended");
    expect(bidRefusal(auction({ status: "ended" }), "buyer", NOW)).toBe("ended");
    expect(bidRefusal(auction({ endsAt: NOW + 1 }), "buyer", NOW)).toBeNull();
  });

  it("refuses the seller of the auction", () => {
    expect(bidRefusal(auction(), "seller-user", NOW)).toBe("own-auction");
  });

  it("refuses the current highest bidder", () => {
    expect(bidRefusal(auction({ lastBidderId: "buyer", totalBids: 3 }), "buyer", NOW)).toBe(
      "already-leading",
    );
  });

  it("reports an ended auction before anything else", () => {
    expect(bidRefusal(auction({ endsAt: NOW - 1, lastBidderId: "buyer" }), "buyer", NOW)).toBe("ended");
    expect(bidRefusal(auction({ status: "won" }), "seller-user", NOW)).toBe("ended");
  });
});

describe("the end", () => {
  it("is over at endsAt, not before", () => {
    expect(isOver(auction({ endsAt: NOW + 1 }), NOW)).toBe(false);
    expect(isOver(auction({ endsAt: NOW }), NOW)).toBe(true);
  });

  it("is won by the last bidder, or ended with no bids", () => {
    expect(finalOutcome(auction({ endsAt: NOW, totalBids: 7, lastBidderId: "b7" }), NOW)).toEqual({
      status: "won",
      winnerId: "b7",
    });
    expect(finalOutcome(auction({ endsAt: NOW - 5 }), NOW)).toEqual({ status: "ended" });
  });

  it("has no outcome while running or once finished", () => {
    expect(finalOutcome(auction({ endsAt: NOW + 1, totalBids: 1, lastBidderId: "b" }), NOW)).toBeNull();
    expect(finalOutcome(auction({ status: "won", endsAt: NOW - 1, lastBidderId: "b" }), NOW)).toBeNull();
  });
});

describe("retry backoff", () => {
  it("stays within an exponential ceiling capped at 250 ms", () => {
    expect(retryDelayMs(1, 0)).toBe(0);
    expect(retryDelayMs(1, 0.999)).toBe(15);
    expect(retryDelayMs(3, 0.5)).toBe(32);
    expect(retryDelayMs(10, 0.999)).toBe(249);
  });
});
