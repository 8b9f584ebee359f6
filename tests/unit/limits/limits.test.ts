import { describe, expect, it } from "vitest";
import {
  limitRefusal,
  limitRefusalMessage,
  limitsInForce,
  NO_LIMITS,
  periodBounds,
  purchaseRefusal,
  RAISE_DELAY_MS,
  requestLimits,
  selfExclusionUntil,
  spentByPeriod,
  spentFromTally,
  tallyAfter,
} from "../../../functions/domain/limits.ts";

const NOW = Date.parse("2030-01-09T15:00:00.000Z"); // a Wednesday

describe("setting limits", () => {
  it("lowers at once, raises and removes only after 24 hours", () => {
    let s = requestLimits({ limits: NO_LIMITS, pending: null }, { daily: 5000 }, NOW);
    expect(s).toEqual({ limits: { daily: 5000, weekly: null, monthly: null }, pending: null });
    s = requestLimits(s, { daily: 2000 }, NOW);
    expect(s.limits.daily).toBe(2000);
    s = requestLimits(s, { daily: 9000, weekly: null }, NOW);
    expect(s.limits.daily).toBe(2000);
    expect(s.pending).toEqual({ daily: 9000, effectiveAt: NOW + RAISE_DELAY_MS });
    expect(limitsInForce(s, NOW + RAISE_DELAY_MS - 1).limits.daily).toBe(2000);
    expect(limitsInForce(s, NOW + RAISE_DELAY_MS).limits.daily).toBe(9000);
    const removed = requestLimits(s, { daily: null }, NOW);
    expect(removed.limits.daily).toBe(2000);
    expect(removed.pending).toEqual({ daily: null, effectiveAt: NOW + RAISE_DELAY_MS });
    // Lowering again cancels the pending raise of that period.
    expect(requestLimits(s, { daily: 1000 }, NOW)).toEqual({
      limits: { daily: 1000, weekly: null, monthly: null },
      pending: null,
    });
  });
});

describe("checking a purchase", () => {
  it("uses calendar periods in UTC", () => {
    expect(periodBounds("daily", NOW)).toEqual({
      start: Date.parse("2030-01-09T00:00:00Z"),
      end: Date.parse("2030-01-10T00:00:00Z"),
    });
    expect(periodBounds("weekly", NOW)).toEqual({
      start: Date.parse("2030-01-07T00:00:00Z"),
      end: Date.parse("2030-01-14T00:00:00Z"),
    });
    expect(periodBounds("monthly", NOW)).toEqual({
      start: Date.parse("2030-01-01T00:00:00Z"),
      end: Date.parse("2030-02-01T00:00:00Z"),
    });
  });

  it("refuses the purchase that would pass a limit, naming it and when it resets", () => {
    const purchases = [
      { at: Date.parse("2030-01-09T01:00:00Z"), cents: 2500 },
      { at: Date.parse("2030-01-08T01:00:00Z"), cents: 2500 },
      { at: Date.parse("2029-12-31T01:00:00Z"), cents: 9999 },
    ];
    const spent = spentByPeriod(purchases, NOW);
    expect(spent).toEqual({ daily: 2500, weekly: 5000, monthly: 5000 });
    const limits = { daily: 5000, weekly: 6000, monthly: null };
    expect(limitRefusal(limits, spent, 1000, NOW)).toBeNull();
    const refusal = limitRefusal(limits, spent, 2500, NOW);
    expect(refusal).toEqual({ period: "weekly", limit: 6000, resetsAt: Date.parse("2030-01-14T00:00:00Z") });
    expect(limitRefusalMessage(refusal!)).toBe(
      "This purchase would pass your weekly spending limit of $60.00. It resets at 2030-01-14 00:00 UTC.",
    );
  });
});

describe("self-exclusion", () => {
  it("only ever lengthens", () => {
    const DAY = 86_400_000;
    expect(selfExclusionUntil(null, 7, NOW)).toBe(NOW + 7 * DAY);
    expect(selfExclusionUntil(NOW + 30 * DAY, 1, NOW)).toBe(NOW + 30 * DAY);
  });
});

describe("the spending tally a credit checks and moves", () => {
  const DAY = 86_400_000;

  it("adds a credit to each current period and forgets a period once it is over", () => {
    const tally = tallyAfter({ daily: 1000, weekly: 3000, monthly: 5000 }, 2500, NOW);
    expect(spentFromTally(tally, NOW)).toEqual({ daily: 3500, weekly: 5500, monthly: 7500 });
    // Thursday: a new day, the same week and month.
    expect(spentFromTally(tally, NOW + DAY)).toEqual({ daily: 0, weekly: 5500, monthly: 7500 });
    // The next Monday: a new week too.
    expect(spentFromTally(tally, NOW + 5 * DAY)).toEqual({ daily: 0, weekly: 0, monthly: 7500 });
    expect(spentFromTally(tally, Date.parse("2030-02-01T00:00:00.000Z"))).toEqual({
      daily: 0,
      weekly: 0,
      monthly: 0,
    });
  });

  it("refuses a payment while self-excluded, or one that would pass a limit, with the reason", () => {
    const limits = { daily: 2500, weekly: null, monthly: null };
    const spent = { daily: 0, weekly: 0, monthly: 0 };
    expect(purchaseRefusal({ limits, selfExcludedUntil: null, spent }, 2500, NOW)).toBeNull();
    expect(
      purchaseRefusal({ limits, selfExcludedUntil: null, spent: { ...spent, daily: 1 } }, 2500, NOW),
    ).toBe(
      "This purchase would pass your daily spending limit of $25.00. It resets at 2030-01-10 00:00 UTC.",
    );
    expect(purchaseRefusal({ limits, selfExcludedUntil: NOW + DAY, spent }, 100, NOW)).toBe(
      "Self-excluded until 2030-01-10 15:00 UTC",
    );
    expect(purchaseRefusal({ limits, selfExcludedUntil: NOW, spent }, 100, NOW)).toBeNull();
  });
});
