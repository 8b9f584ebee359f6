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

  it('writes every price exactly as toLocaleString("en-US") with 2 decimals did, without Intl', () => {
    // What toLocaleString("en-US", …) does, by its definition, with one formatter made once.
    const format = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const intl = (n: number) => `$${format.format(n)}`;
    expect(intl(1234.5)).toBe(`$${(1234.5).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
    const values = [
      0,
      -0,
      0.001,
      -0.001,
      0.004,
      0.005,
      0.015,
      0.045,
      1.005,
      1.115,
      1.255,
      2.675,
      0.285,
      10.235,
      999.995,
      999.994,
      1000,
      1234.5,
      12345.675,
      123456.785,
      1e6,
      1234567.891,
      -1234.5,
      -0.005,
      -999.995,
      1e15 + 0.5,
      9.99e20,
      1e21,
      2.5e22,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_VALUE,
    ];
    // Every amount in cents up to $100,000 that a 2-decimal string or a cents division gives, and
    // random doubles with more decimals.
    for (let cents = 0; cents <= 10_000_000; cents += 997)
      values.push(cents / 100, Number(centsToDecimal(cents)));
    let seed = 7;
    for (let i = 0; i < 30_000; i++) {
      seed = (seed * 48271) % 2147483647;
      values.push(((seed / 2147483647) * 10 ** ((i % 9) - 2) * (i % 2 ? 1 : -1)) as number);
    }
    for (const value of values) {
      expect(formatPrice(value), String(value)).toBe(intl(value));
      expect(formatPrice(String(value)), String(value)).toBe(intl(Number(String(value))));
    }
  });
});
