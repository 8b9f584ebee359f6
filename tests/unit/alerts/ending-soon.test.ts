import { describe, expect, it } from "vitest";
import { endingSoonDue, endingSoonEvent } from "../../../functions/domain/alerts.ts";

const MINUTE = 60_000;

describe("endingSoonDue", () => {
  it("is due from N minutes left until the end, not before and not after", () => {
    const endsAt = 100 * MINUTE;
    expect(endingSoonDue(endsAt, endsAt - 5 * MINUTE - 1, 5)).toBe(false);
    expect(endingSoonDue(endsAt, endsAt - 5 * MINUTE, 5)).toBe(true);
    expect(endingSoonDue(endsAt, endsAt - 1, 5)).toBe(true);
    expect(endingSoonDue(endsAt, endsAt, 5)).toBe(false);
  });
});

describe("endingSoonEvent", () => {
  it("names the auction and the user in its key, so the sender sends it once", () => {
    const event = endingSoonEvent({ id: "a1", productName: "Eagle", priceCents: 123 }, "u1", 5, 7);
    expect(event).toEqual({
      key: "ending_soon#a1#u1",
      kind: "ending_soon",
      recipient: { userId: "u1" },
      at: 7,
      data: { auctionId: "a1", productName: "Eagle", priceCents: 123, minutesLeft: 5 },
    });
  });
});
