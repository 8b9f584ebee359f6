import { describe, expect, it } from "vitest";
import {
  arrangePackagesForDisplay,
  pricePerBid,
  savingsLabel,
  sortPackagesByBidCount,
} from "#shared/packages";
import type { BidPackage } from "#shared/schemas/payments";

const pkg = (id: string, bidCount: number, popular = false, price = "10.00", savings = 0): BidPackage => ({
  id,
  name: id,
  bidCount,
  price,
  savings,
  popular,
});

describe("package ordering (docs/product.md section 9)", () => {
  it("sorts by bid count ascending whatever order they arrive in", () => {
    const sorted = sortPackagesByBidCount([pkg("c", 400), pkg("a", 50), pkg("b", 150)]);
    expect(sorted.map((p) => p.bidCount)).toEqual([50, 150, 400]);
  });

  it("does not reorder the caller's array", () => {
    const input = [pkg("c", 400), pkg("a", 50)];
    sortPackagesByBidCount(input);
    expect(input.map((p) => p.id)).toEqual(["c", "a"]);
  });

  it("moves the popular package to the middle when there are exactly three", () => {
    expect(
      arrangePackagesForDisplay([pkg("big", 400, true), pkg("mid", 150), pkg("small", 50)]).map((p) => p.id),
    ).toEqual(["small", "big", "mid"]);
    expect(
      arrangePackagesForDisplay([pkg("mid", 150), pkg("small", 50, true), pkg("big", 400)]).map((p) => p.id),
    ).toEqual(["mid", "small", "big"]);
  });

  it("keeps a popular package that is already in the middle where it is", () => {
    expect(
      arrangePackagesForDisplay([pkg("big", 400), pkg("mid", 150, true), pkg("small", 50)]).map((p) => p.id),
    ).toEqual(["small", "mid", "big"]);
  });

  it("only sorts when there are not exactly three, or none is popular", () => {
    expect(
      arrangePackagesForDisplay([pkg("d", 800, true), pkg("c", 400), pkg("b", 150), pkg("a", 50)]).map(
        (p) => p.id,
      ),
    ).toEqual(["a", "b", "c", "d"]);
    expect(arrangePackagesForDisplay([pkg("c", 400), pkg("a", 50), pkg("b", 150)]).map((p) => p.id)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(arrangePackagesForDisplay([])).toEqual([]);
  });
});

describe("price per bid", () => {
  it("is price / bidCount with 2 decimals", () => {
    expect(pricePerBid("60.00", 150)).toBe("0.40");
    expect(pricePerBid("25.00", 50)).toBe("0.50");
    expect(pricePerBid("140.00", 400)).toBe("0.35");
  });

  it("rounds to the nearest cent", () => {
    expect(pricePerBid("10.00", 3)).toBe("3.33");
    expect(pricePerBid("20.00", 3)).toBe("6.67");
    expect(pricePerBid("0.05", 10)).toBe("0.01");
  });

  it("is null for input it cannot divide", () => {
    expect(pricePerBid("10.00", 0)).toBeNull();
    expect(pricePerBid("abc", 10)).toBeNull();
  });
});

describe("savings label", () => {
  it('reads "Save N%" only when savings are above 0', () => {
    expect(savingsLabel(20)).toBe("Save 20%");
    expect(savingsLabel(0)).toBeNull();
  });
});
