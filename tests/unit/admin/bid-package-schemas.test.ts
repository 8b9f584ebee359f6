import { describe, expect, it } from "vitest";
import {
  bidPackageFormSchema,
  createBidPackageSchema,
  PACKAGE_PRICE_MESSAGE,
  packageIdFromName,
  updateBidPackageSchema,
} from "#shared/schemas/bid-packages";

describe("bid package ids from names", () => {
  it.each([
    ["Starter", "starter"],
    ["Gold Rush 500", "gold-rush-500"],
    ["  Été -- Spécial!  ", "ete-special"],
    ["!!!", null],
    ["x".repeat(80), "x".repeat(64)],
  ])("%j -> %j", (name, id) => {
    expect(packageIdFromName(name)).toBe(id);
  });
});

describe("the Bid Package dialog's schema", () => {
  it("reads the form's text as whole numbers and keeps the price as typed", () => {
    expect(
      bidPackageFormSchema.parse({
        name: " Pro ",
        bidCount: "400",
        price: "140",
        savings: "30",
        popular: true,
      }),
    ).toEqual({ name: "Pro", bidCount: 400, price: "140", savings: 30, popular: true });
  });

  it("refuses prices Stripe would refuse and more than 2 decimals", () => {
    for (const price of ["0.49", "1000000.00", "1.234", "-5.00", "", "abc"]) {
      const result = bidPackageFormSchema.safeParse({
        name: "X",
        bidCount: 1,
        price,
        savings: 0,
        popular: false,
      });
      expect(
        result.error?.issues.map((i) => i.message),
        price,
      ).toEqual([PACKAGE_PRICE_MESSAGE]);
    }
    expect(
      bidPackageFormSchema.safeParse({
        name: "X",
        bidCount: 1,
        price: "999999.99",
        savings: 0,
        popular: false,
      }).success,
    ).toBe(true);
  });

  it("creation defaults savings and popular; an edit must change something", () => {
    expect(createBidPackageSchema.parse({ name: "A", bidCount: 5, price: "1.00" })).toMatchObject({
      savings: 0,
      popular: false,
    });
    expect(updateBidPackageSchema.safeParse({}).error?.issues[0]?.message).toBe("Nothing to change");
    expect(updateBidPackageSchema.parse({ active: false })).toEqual({ active: false });
  });
});
