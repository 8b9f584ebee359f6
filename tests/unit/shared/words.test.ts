import { describe, expect, it } from "vitest";
import { plural } from "#shared/plural";
import { canonicalWeight, joinWeight, splitWeight } from "#shared/weight";

describe("plural", () => {
  it("says 1 bid, 0 bids and 2 bids", () => {
    expect(plural(1, "bid")).toBe("1 bid");
    expect(plural(0, "bid")).toBe("0 bids");
    expect(plural(2, "bid")).toBe("2 bids");
    expect(plural(1, "Bid Agent")).toBe("1 Bid Agent");
    expect(plural(3, "unused credit")).toBe("3 unused credits");
  });

  it("takes an irregular plural", () => {
    expect(plural(2, "child", "children")).toBe("2 children");
    expect(plural(1, "child", "children")).toBe("1 child");
  });
});

describe("weights", () => {
  it("writes an amount with its unit one way, and knows no weight without a unit", () => {
    expect(canonicalWeight("1oz")).toBe("1 oz");
    expect(canonicalWeight(" 31.1 G ")).toBe("31.1 g");
    expect(canonicalWeight("1")).toBeNull();
    expect(canonicalWeight("1 ounce")).toBeNull();
    expect(canonicalWeight("")).toBeNull();
  });

  it("splits and joins the seller form's amount and unit", () => {
    expect(splitWeight("1 oz")).toEqual({ amount: "1", unit: "oz" });
    expect(splitWeight("31.1g")).toEqual({ amount: "31.1", unit: "g" });
    expect(splitWeight("")).toEqual({ amount: "", unit: "oz" });
    expect(splitWeight("a bar")).toEqual({ amount: "a bar", unit: "oz" });
    expect(joinWeight("1.5", "kg")).toBe("1.5 kg");
    expect(joinWeight("  ", "g")).toBe("");
    expect(joinWeight("0.5oz", "g")).toBe("0.5oz");
  });
});
