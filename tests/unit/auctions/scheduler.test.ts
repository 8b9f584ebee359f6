import { describe, expect, it } from "vitest";
import { scheduleName } from "../../../functions/adapters/scheduler/auction-clock.ts";
import { atExpression } from "../../../functions/adapters/scheduler/eventbridge-clock.ts";
import { auctionIdForProduct } from "../../../functions/usecases/auctions/start-auction.ts";

describe("the auction clock", () => {
  it("names EventBridge's one-time expression in UTC, rounded up to the second", () => {
    expect(atExpression(Date.parse("2030-03-04T05:06:07.000Z"))).toBe("at(2030-03-04T05:06:07)");
    expect(atExpression(Date.parse("2030-03-04T05:06:07.001Z"))).toBe("at(2030-03-04T05:06:08)");
  });

  it("gives each end of an auction its own schedule name within Scheduler's 64 characters", () => {
    const id = auctionIdForProduct("product-1");
    const first = scheduleName(id, Date.parse("2030-01-01T00:00:00.000Z"));
    const moved = scheduleName(id, Date.parse("2030-01-01T00:00:10.000Z"));
    expect(first).not.toBe(moved);
    expect(first).toMatch(/^[0-9A-Za-z._-]{1,64}$/);
    expect(scheduleName(id, Date.parse("2030-01-01T00:00:00.000Z"))).toBe(first);
    // A re-arm (the closer woke up early) never reuses the name of the schedule that just fired.
    const rearmed = scheduleName(
      id,
      Date.parse("2030-01-01T00:00:00.000Z"),
      Date.parse("2029-12-31T23:59:30Z"),
    );
    expect(rearmed).not.toBe(first);
    expect(rearmed).toMatch(/^[0-9A-Za-z._-]{1,64}$/);
  });

  it("derives one stable auction id per product", () => {
    expect(auctionIdForProduct("p")).toBe(auctionIdForProduct("p"));
    expect(auctionIdForProduct("p")).not.toBe(auctionIdForProduct("q"));
    expect(auctionIdForProduct("p")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
