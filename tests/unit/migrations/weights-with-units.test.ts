import { describe, expect, it } from "vitest";
import { fineOzOf } from "#shared/metal-content";
import { weightWithUnit } from "../../../scripts/migrations/weights-with-units.ts";

describe("weights with units", () => {
  it("gives a weight its space, and a bare number its ounces", () => {
    expect(weightWithUnit("1oz")).toBe("1 oz");
    expect(weightWithUnit("31.1G")).toBe("31.1 g");
    expect(weightWithUnit("2")).toBe("2 oz");
    expect(weightWithUnit("1 oz")).toBe("1 oz");
  });

  it("leaves text that names no unit it knows as it is", () => {
    expect(weightWithUnit("one coin")).toBe("one coin");
  });

  it("makes the admin form's bare ounces derivable", () => {
    expect(fineOzOf({ metalType: "gold", weight: "2", purity: "100%" })).toBeNull();
    expect(fineOzOf({ metalType: "gold", weight: weightWithUnit("2"), purity: "100%" })).toBe(2);
  });
});
