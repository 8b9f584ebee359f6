import { describe, expect, it } from "vitest";
import { money, moneyAxis } from "../../../web/src/components/charts/money-format.ts";

describe("a chart's money axis", () => {
  it("says thousands short, so the label fits beside the chart", () => {
    expect(moneyAxis(1000)).toBe("$1K");
    expect(moneyAxis(1500)).toBe("$1.5K");
    expect(moneyAxis(250)).toBe("$250");
    expect(moneyAxis(0.5)).toBe("$0.50");
    expect(moneyAxis(0)).toBe("$0.00");
    expect(money(1500)).toBe("$1,500.00");
  });
});
