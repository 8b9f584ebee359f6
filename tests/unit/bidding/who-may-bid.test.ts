import { describe, expect, it } from "vitest";
import { winLimitMessage, winLimitReachedUntil } from "../../../functions/domain/who-may-bid.ts";

const NOW = Date.parse("2030-06-30T12:00:00.000Z");
const DAY = 86_400_000;

describe("the win limit", () => {
  const limit = { wins: 3, days: 30 };

  it("lets a user bid below the limit and counts only wins inside the window", () => {
    expect(winLimitReachedUntil([NOW - DAY, NOW - 2 * DAY], limit, NOW)).toBeNull();
    expect(winLimitReachedUntil([NOW - DAY, NOW - 2 * DAY, NOW - 31 * DAY], limit, NOW)).toBeNull();
  });

  it("at the limit says when the oldest counted win leaves the window", () => {
    const wins = [NOW - DAY, NOW - 5 * DAY, NOW - 10 * DAY];
    expect(winLimitReachedUntil(wins, limit, NOW)).toBe(NOW - 10 * DAY + 30 * DAY);
    // More than the limit: the user waits for enough of them to leave.
    expect(winLimitReachedUntil([...wins, NOW - 20 * DAY], limit, NOW)).toBe(NOW - 10 * DAY + 30 * DAY);
  });

  it("words the refusal with the date", () => {
    expect(winLimitMessage(limit, Date.parse("2030-07-20T12:00:00.000Z"))).toBe(
      "You have won 3 auctions in the last 30 days, the most allowed. You may bid again from 2030-07-20 12:00 UTC.",
    );
  });
});
