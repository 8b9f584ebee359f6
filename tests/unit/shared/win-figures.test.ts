import { describe, expect, it } from "vitest";
import { bidsSpentText } from "#shared/win-figures";
import {
  allInSavingsPercent,
  allInText,
  bidsValueOf,
  meltComparisonText,
  retailSavingsText,
  summarizeWins,
} from "#shared/win-savings";

describe("bids spent", () => {
  it("says what paid bids cost", () => {
    expect(bidsSpentText(2, "1.20")).toBe("2 bids ($1.20)");
    expect(bidsSpentText(1, "0.60")).toBe("1 bid ($0.60)");
  });

  it("calls bids worth nothing free, never $0.00", () => {
    expect(bidsSpentText(1, "0.00")).toBe("1 free bid");
    expect(bidsSpentText(3, "0")).toBe("3 free bids");
  });
});

describe("the all-in line", () => {
  it("shows the server's all-in cost with the bids it adds", () => {
    expect(allInText("2.12", 1, "0.60")).toBe("All-in $2.12 with 1 bid ($0.60)");
    expect(allInText("1.51", 2, "0.00")).toBe("All-in $1.51 with 2 free bids");
  });

  it("is the final price alone without bids", () => {
    expect(allInText("40.00", 0, "0.00")).toBe("All-in $40.00");
  });

  it("reads the bids' value back from the all-in cost and the final price, to the cent", () => {
    expect(bidsValueOf("2.12", "1.52")).toBe("0.60");
    expect(bidsValueOf("1.51", "1.51")).toBe("0.00");
    expect(bidsValueOf("1000.00", "0.01")).toBe("999.99");
  });
});

describe("the savings a win may claim", () => {
  it("counts the bids: the all-in cost against retail, rounded down", () => {
    // $5.05 final + 3 bids × $0.60 = $6.85 against $40.00 retail: 82.875 % -> 82 %.
    expect(allInSavingsPercent(685, 4000)).toBe(82);
    // The final price alone would claim 87 %; the claim never uses it.
    expect(allInSavingsPercent(505, 4000)).toBe(87);
    expect(retailSavingsText("6.85", "40.00")).toBe("82% below retail ($40.00), bids included");
  });

  it("claims nothing without a retail price, or when the bids ate the saving", () => {
    expect(allInSavingsPercent(685, null)).toBeNull();
    expect(allInSavingsPercent(4000, 4000)).toBeNull();
    expect(allInSavingsPercent(4500, 4000)).toBeNull();
    expect(allInSavingsPercent(3999, 4000)).toBeNull();
    expect(retailSavingsText("6.85", null)).toBeNull();
  });

  it("compares the all-in cost with the melt value", () => {
    expect(meltComparisonText("88.00", "100.00")).toEqual({
      text: "12% below melt value ($100.00), bids included",
      below: true,
    });
    expect(meltComparisonText("110.00", "100.00")?.text).toBe(
      "10% above melt value ($100.00), bids included",
    );
    expect(meltComparisonText("100.00", "100.00")?.text).toBe(
      "About the melt value ($100.00), bids included",
    );
  });
});

describe("my wins summary", () => {
  it("totals and averages the all-in costs, rounding to the cent", () => {
    expect(summarizeWins(["1.00", "2.50", "2.51"])).toEqual({
      totalWins: 3,
      totalSpentCents: 601,
      averagePriceCents: 200,
    });
  });

  it("is all zero with no wins", () => {
    expect(summarizeWins([])).toEqual({ totalWins: 0, totalSpentCents: 0, averagePriceCents: 0 });
  });
});
