import { describe, expect, it } from "vitest";
import { exchangedCredits, exchangeWinRefusal } from "../../../functions/domain/exchange-win.ts";

const NOW = Date.parse("2026-03-01T12:00:00Z");
const won = (over: Record<string, unknown> = {}) => ({
  status: "won" as const,
  winnerId: "ann",
  payBy: NOW + 1000,
  ...over,
});

describe("who may exchange a win for its bids", () => {
  it("the winner of an unpaid win before its deadline, with or without a started checkout", () => {
    expect(exchangeWinRefusal(won(), null, "ann", NOW)).toBeNull();
    expect(exchangeWinRefusal(won(), { paymentStatus: "pending" }, "ann", NOW)).toBeNull();
    // Wins from before deadlines have none to pass.
    expect(exchangeWinRefusal(won({ payBy: undefined }), null, "ann", NOW)).toBeNull();
  });

  it("nobody else, and not an auction still running or ended without a winner", () => {
    expect(exchangeWinRefusal(won(), null, "bob", NOW)).toBe("notWinner");
    expect(exchangeWinRefusal({ status: "ended" }, null, "ann", NOW)).toBe("notWinner");
    expect(exchangeWinRefusal({ status: "active" }, null, "ann", NOW)).toBe("stillRunning");
  });

  it("not twice, not once paid, refunded or disputed, not at or after the deadline", () => {
    expect(exchangeWinRefusal(won({ exchangedBids: 2, paymentExpiredAt: "x" }), null, "ann", NOW)).toBe(
      "exchanged",
    );
    for (const paymentStatus of ["paid", "refunded", "disputed"] as const) {
      expect(exchangeWinRefusal(won(), { paymentStatus }, "ann", NOW)).toBe("paid");
    }
    expect(exchangeWinRefusal(won({ payBy: NOW }), null, "ann", NOW)).toBe("expired");
    expect(exchangeWinRefusal(won({ paymentExpiredAt: "x" }), null, "ann", NOW)).toBe("expired");
  });
});

describe("what comes back", () => {
  it("one credit per bid placed", () => {
    expect(exchangedCredits(3)).toBe(3);
    expect(exchangedCredits(0)).toBe(0);
  });
});
