import { describe, expect, it } from "vitest";
import { centsToDecimal, decimalToCents, formatCents, formatPrice } from "#shared/money";

describe("money", () => {
  it("turns cents into 2-decimal strings", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(50)).toBe("0.50");
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(-75)).toBe("-0.75");
  });

  it("parses decimals into cents without float drift", () => {
    expect(decimalToCents("0.1")).toBe(10);
    expect(decimalToCents("0.29")).toBe(29);
    expect(decimalToCents("12")).toBe(1200);
    expect(decimalToCents(" 1.05 ")).toBe(105);
    expect(decimalToCents(19.99)).toBe(1999);
  });

  it("refuses anything that is not a plain amount with at most 2 decimals", () => {
    for (const bad of ["", "abc", "1.234", "1e3", "1,00", "--1", "Infinity", "NaN"]) {
      expect(decimalToCents(bad)).toBeNull();
    }
  });

  it("formats prices with $ and 2 decimals", () => {
    expect(formatPrice("0.5")).toBe("$0.50");
    expect(formatPrice(1234.5)).toBe("$1,234.50");
    expect(formatCents(101)).toBe("$1.01");
    expect(formatPrice("not a number")).toBe("$0.00");
  });
});
