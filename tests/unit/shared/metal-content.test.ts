import { describe, expect, it } from "vitest";
import { fineOzOf, meltValueCentsOf } from "#shared/metal-content";

const gold = (weight: string, purity: string) => ({ metalType: "gold", weight, purity });

describe("fine metal content", () => {
  it("reads troy ounces, grams, kilograms and pounds", () => {
    expect(fineOzOf(gold("1 oz", "100%"))).toBe(1);
    expect(fineOzOf(gold("31.1034768g", "100%"))).toBe(1);
    expect(fineOzOf(gold("1 kg", "99.99%"))).toBe(32.1475);
    expect(fineOzOf({ metalType: "silver", weight: "1 LB", purity: ".999" })).toBe(14.5688);
  });

  it("reads a percent, a fineness and karats", () => {
    expect(fineOzOf(gold("1 oz", "99.99%"))).toBe(0.9999);
    expect(fineOzOf(gold("10 oz", ".999"))).toBe(9.99);
    expect(fineOzOf(gold("10 oz", "0.9167"))).toBe(9.167);
    expect(fineOzOf(gold("0.25 oz", "14K"))).toBe(0.1458);
    expect(fineOzOf(gold("1 oz", "22 kt"))).toBe(0.9167);
  });

  it("is null when the weight, the purity or the metal does not say", () => {
    expect(fineOzOf(gold("1", "99.99%"))).toBeNull();
    expect(fineOzOf(gold("one ounce", "99.99%"))).toBeNull();
    expect(fineOzOf(gold("1 stone", "99.99%"))).toBeNull();
    expect(fineOzOf(gold("0 oz", "99.99%"))).toBeNull();
    expect(fineOzOf(gold("1 oz", "fine"))).toBeNull();
    expect(fineOzOf(gold("1 oz", "120%"))).toBeNull();
    expect(fineOzOf(gold("1 oz", "25K"))).toBeNull();
    expect(fineOzOf(gold("1 oz", ""))).toBeNull();
    expect(fineOzOf({ metalType: "gold", weight: null, purity: "99.99%" })).toBeNull();
    expect(fineOzOf({ metalType: "mixed", weight: "1 oz", purity: "99.99%" })).toBeNull();
  });
});

describe("melt value", () => {
  it("is the unrounded fine content times spot, to the cent", () => {
    // 0.9999 × 2650.00 = 2649.735: half a cent rounds up, which floats would miss.
    expect(meltValueCentsOf(gold("1 oz", "99.99%"), 265_000)).toBe(264_974);
    // 9.99 × 31.25 = 312.1875.
    expect(meltValueCentsOf({ metalType: "silver", weight: "10 oz", purity: ".999" }, 3_125)).toBe(31_219);
    // 0.25 × 14/24 × 2650 = 386.4583…; the 4-decimal 0.1458 would give 386.37.
    expect(meltValueCentsOf(gold("0.25 oz", "14K"), 265_000)).toBe(38_646);
  });

  it("is null where the fine content is", () => {
    expect(meltValueCentsOf(gold("1 oz", "?"), 265_000)).toBeNull();
  });
});
