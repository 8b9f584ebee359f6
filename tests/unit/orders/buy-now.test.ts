import { describe, expect, it } from "vitest";
import { type BuyNowFacts, buyNowOffer, buyNowPrice } from "../../../functions/domain/buy-now.ts";
import { NO_PAID_CREDITS, type PaidCredits } from "../../../functions/domain/paid-bids.ts";
import { buyNowOpen } from "../../../shared/buy-now.ts";

const NOW = Date.parse("2030-01-01T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
/** 100 credits bought for $50.00: 50 cents a bid. */
const HALF_DOLLAR_BIDS: PaidCredits = { paidCents: 5000, creditsReceived: 100, creditedCents: 0 };

function facts(overrides: Partial<BuyNowFacts> = {}): BuyNowFacts {
  return {
    retailPriceCents: 5000,
    stockLeft: 2,
    bidsPlaced: 10,
    paidCredits: HALF_DOLLAR_BIDS,
    bidValueCents: 60,
    auctionActive: true,
    endedAt: null,
    endsAt: NOW + 60_000,
    isWinner: false,
    isLeading: false,
    alreadyBought: false,
    ...overrides,
  };
}

describe("Buy It Now price", () => {
  it("credits what the bids placed cost the buyer, capped at retail", () => {
    expect(buyNowPrice(5000, 10, HALF_DOLLAR_BIDS, 60)).toEqual({ creditCents: 500, priceCents: 4500 });
    expect(buyNowPrice(3000, 100, HALF_DOLLAR_BIDS, 60)).toEqual({ creditCents: 3000, priceCents: 0 });
    expect(buyNowPrice(5000, 0, HALF_DOLLAR_BIDS, 60)).toEqual({ creditCents: 0, priceCents: 5000 });
  });

  it("credits nothing for bids granted free, and never more than the stage's bid value a bid", () => {
    expect(buyNowPrice(5000, 10, NO_PAID_CREDITS, 60)).toEqual({ creditCents: 0, priceCents: 5000 });
    const granted = { paidCents: 0, creditsReceived: 500, creditedCents: 0 };
    expect(buyNowPrice(5000, 10, granted, 60).creditCents).toBe(0);
    const dear = { paidCents: 10_000, creditsReceived: 100, creditedCents: 0 };
    expect(buyNowPrice(5000, 10, dear, 60).creditCents).toBe(600);
  });
});

describe("who may buy it now", () => {
  it("refuses the leader of a live auction, and offers it to them again once the auction ends without their win", () => {
    expect(buyNowOffer(facts({ isLeading: true }), NOW).reason).toBe("leading");
    const ended = facts({ isLeading: true, auctionActive: false, endedAt: NOW - DAY });
    expect(buyNowOffer(ended, NOW).reason).toBeNull();
  });

  it("offers it to a bidder of a live auction until 7 days after its end", () => {
    expect(buyNowOffer(facts(), NOW)).toEqual({
      eligible: true,
      reason: null,
      creditCents: 500,
      priceCents: 4500,
      expiresAt: NOW + 60_000 + 7 * DAY,
    });
  });

  it("keeps the offer for 7 days after the end and closes it then", () => {
    const ended = facts({ auctionActive: false, endedAt: NOW - 7 * DAY + 1 });
    expect(buyNowOffer(ended, NOW)).toMatchObject({ eligible: true, expiresAt: NOW + 1 });
    expect(buyNowOffer(ended, NOW + 1)).toMatchObject({ eligible: false, reason: "expired" });
  });

  it("refuses the winner, non-bidders, repeat buyers, sold-out stock and products without retail", () => {
    expect(buyNowOffer(facts({ isWinner: true }), NOW).reason).toBe("winner");
    expect(buyNowOffer(facts({ bidsPlaced: 0 }), NOW).reason).toBe("noBids");
    expect(buyNowOffer(facts({ alreadyBought: true }), NOW).reason).toBe("alreadyBought");
    expect(buyNowOffer(facts({ stockLeft: 0 }), NOW).reason).toBe("soldOut");
    expect(buyNowOffer(facts({ retailPriceCents: null }), NOW)).toMatchObject({
      eligible: false,
      reason: "notOffered",
      expiresAt: null,
    });
  });
});

describe("buyNowOpen (the web's badge and panel)", () => {
  const auction = { retailPrice: "50.00", buyNowStockLeft: 1, endsAt: new Date(NOW).toISOString() };

  it("stays open for 7 days after the end, the day the functions' offer expires", () => {
    expect(buyNowOpen(auction, NOW + 7 * DAY - 1)).toBe(true);
    expect(buyNowOpen(auction, NOW + 7 * DAY)).toBe(false);
    const ended = buyNowOffer(facts({ auctionActive: false, endedAt: NOW, endsAt: NOW }), NOW);
    expect(ended.expiresAt).toBe(NOW + 7 * DAY);
  });

  it("is closed without a retail price or units left", () => {
    expect(buyNowOpen({ ...auction, retailPrice: null }, NOW)).toBe(false);
    expect(buyNowOpen({ ...auction, buyNowStockLeft: 0 }, NOW)).toBe(false);
  });
});
