import { describe, expect, it } from "vitest";
import {
  adjustBidsSchema,
  adminCreateProductSchema,
  approveProductSchema,
  resetPasswordSchema,
} from "#shared/schemas/admin";
import { createSellerProductSchema, updateSellerProfileSchema } from "#shared/schemas/seller";
import { toAdminUser } from "../../../functions/usecases/views/user-view.ts";

const validProduct = {
  name: "24K Gold Bar - 1oz",
  description: "A bar",
  imageUrl: "/images/products/gold-jewelry.svg",
  startingPrice: "0.50",
  retailPrice: "1000000.00",
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("the seller's add-product schema", () => {
  it("defaults the metal type to gold and drops empty optional fields", () => {
    const parsed = createSellerProductSchema.parse({ ...validProduct, weight: "", purity: "  " });
    expect(parsed.metalType).toBe("gold");
    expect(parsed.weight).toBeUndefined();
    expect(parsed.purity).toBeUndefined();
  });

  it("keeps weight and purity when given, the weight as an amount and its unit", () => {
    const parsed = createSellerProductSchema.parse({ ...validProduct, weight: "1OZ", purity: "99.99%" });
    expect(parsed).toMatchObject({ weight: "1 oz", purity: "99.99%" });
    expect(createSellerProductSchema.parse({ ...validProduct, weight: " 31.1 g " }).weight).toBe("31.1 g");
  });

  it("refuses a weight without a unit it knows, on both products' forms", () => {
    const message = 'Weight must be an amount with its unit (oz, g, kg or lb), such as "1 oz"';
    for (const weight of ["1", "2.5", "1 ounce", "heavy"]) {
      expect(messages(createSellerProductSchema.safeParse({ ...validProduct, weight }))).toEqual({
        weight: message,
      });
    }
    expect(messages(adminCreateProductSchema.safeParse({ ...validProduct, weight: "1" }))).toMatchObject({
      weight: message,
    });
  });

  it('answers "Required" for each missing required field', () => {
    const result = createSellerProductSchema.safeParse({});
    expect(messages(result)).toEqual({
      name: "Required",
      description: "Required",
      imageUrl: "Required",
      startingPrice: "Required",
      retailPrice: "Required",
    });
  });

  it("accepts every metal type of docs/architecture.md and nothing else", () => {
    for (const metalType of ["gold", "silver", "platinum", "mixed"]) {
      expect(createSellerProductSchema.safeParse({ ...validProduct, metalType }).success).toBe(true);
    }
    expect(createSellerProductSchema.safeParse({ ...validProduct, metalType: "copper" }).success).toBe(false);
  });

  it.each(["0", "-1.00", "1.234", "abc", "", "1e3"])("refuses the starting price %j", (startingPrice) => {
    const result = createSellerProductSchema.safeParse({ ...validProduct, startingPrice });
    expect(result.success).toBe(false);
    expect(messages(result).startingPrice).toMatch(/positive amount with at most 2 decimals/);
  });

  it.each(["0.01", "12", "12.5", "1000000.00"])("accepts the starting price %j", (startingPrice) => {
    expect(createSellerProductSchema.safeParse({ ...validProduct, startingPrice }).success).toBe(true);
  });

  it("requires a retail price of at least the starting price, and a whole Buy It Now stock", () => {
    const product = { ...validProduct, startingPrice: "5.00", retailPrice: "4.99" };
    expect(messages(createSellerProductSchema.safeParse(product))).toEqual({
      retailPrice: "Retail price must be at least the starting price",
    });
    expect(messages(createSellerProductSchema.safeParse({ ...product, retailPrice: "abc" }))).toEqual({
      retailPrice: "Retail price must be a positive amount with at most 2 decimals",
    });
    const ok = createSellerProductSchema.parse({ ...product, retailPrice: "5.00" });
    expect(ok).toMatchObject({ retailPrice: "5.00", buyNowStock: 0 });
    // Forms send the field's text, the API a number.
    expect(createSellerProductSchema.parse({ ...ok, buyNowStock: "3" }).buyNowStock).toBe(3);
    expect(createSellerProductSchema.parse({ ...ok, buyNowStock: 12 }).buyNowStock).toBe(12);
    for (const buyNowStock of [-1, 1.5, "x", 1001]) {
      expect(messages(createSellerProductSchema.safeParse({ ...ok, buyNowStock })).buyNowStock).toBe(
        "Buy It Now stock must be a whole number from 0 to 1000",
      );
    }
  });

  it("caps the starting and retail prices at $1,000,000.00, naming the field", () => {
    const atCap = {
      ...validProduct,
      metalType: "gold",
      startingPrice: "1000000.00",
      retailPrice: "1000000.00",
    };
    expect(createSellerProductSchema.safeParse(atCap).success).toBe(true);
    expect(adminCreateProductSchema.safeParse(atCap).success).toBe(true);
    for (const schema of [createSellerProductSchema, adminCreateProductSchema]) {
      expect(messages(schema.safeParse({ ...atCap, retailPrice: "1000000.01" }))).toEqual({
        retailPrice: "Retail price must be at most $1,000,000.00",
      });
      // The largest price the ledger's decimals carry was accepted before: one bid more broke it.
      expect(
        messages(schema.safeParse({ ...atCap, startingPrice: "99999999.99", retailPrice: "99999999.99" })),
      ).toEqual({
        startingPrice: "Starting price must be at most $1,000,000.00",
        retailPrice: "Retail price must be at most $1,000,000.00",
      });
    }
  });

  it('says "Required" for a field left empty, not zod\'s length wording', () => {
    expect(
      messages(
        createSellerProductSchema.safeParse({ ...validProduct, name: " ", description: "", imageUrl: "" }),
      ),
    ).toEqual({
      name: "Required",
      description: "Required",
      imageUrl: "Required",
    });
  });

  it("refuses an image URL a browser could execute", () => {
    for (const imageUrl of ["javascript:alert(1)", "data:text/html,x", "//evil.example/x.png"]) {
      expect(createSellerProductSchema.safeParse({ ...validProduct, imageUrl }).success).toBe(false);
    }
    expect(
      createSellerProductSchema.safeParse({ ...validProduct, imageUrl: "https://x.example/a.png" }).success,
    ).toBe(true);
  });
});

describe("the admin's schemas", () => {
  it("adjust-bids takes a signed, non-zero whole number", () => {
    expect(adjustBidsSchema.safeParse({ amount: -5 }).success).toBe(true);
    expect(adjustBidsSchema.safeParse({ amount: 7 }).success).toBe(true);
    expect(messages(adjustBidsSchema.safeParse({ amount: 0 })).amount).toBe("Amount must not be zero");
    expect(messages(adjustBidsSchema.safeParse({ amount: 1.5 })).amount).toBe(
      "Amount must be a whole number",
    );
    expect(messages(adjustBidsSchema.safeParse({ amount: "5" })).amount).toBe(
      "Expected number, received string",
    );
  });

  it("reset-password needs at least 8 characters, like registration", () => {
    expect(resetPasswordSchema.safeParse({ newPassword: "12345678" }).success).toBe(true);
    expect(messages(resetPasswordSchema.safeParse({ newPassword: "1234567" })).newPassword).toBe(
      "Password must be at least 8 characters",
    );
  });

  it("approve takes an optional positive whole duration", () => {
    expect(approveProductSchema.parse({})).toEqual({});
    expect(approveProductSchema.parse({ durationSeconds: 120 })).toEqual({ durationSeconds: 120 });
    expect(approveProductSchema.safeParse({ durationSeconds: -1 }).success).toBe(false);
    expect(approveProductSchema.safeParse({ durationSeconds: 1.5 }).success).toBe(false);
  });

  it("the seller profile needs a business name", () => {
    expect(updateSellerProfileSchema.safeParse({ businessName: " " }).success).toBe(false);
    expect(updateSellerProfileSchema.parse({ businessName: " Acme ", description: "We sell" })).toEqual({
      businessName: "Acme",
      description: "We sell",
    });
  });
});

describe("the admin's view of a user", () => {
  it("carries the table's columns and never the password hash or a session", () => {
    const view = toAdminUser({
      id: "u1",
      username: "alice",
      email: "alice@example.com",
      role: "buyer",
      bidBalance: 3,
      passwordHash: "scrypt$secret",
      createdAt: "2030-01-01T00:00:00.000Z",
      lastSeenAt: "2030-01-02T00:00:00.000Z",
    });
    expect(view).toEqual({
      id: "u1",
      username: "alice",
      email: "alice@example.com",
      role: "buyer",
      bidBalance: 3,
      lastBidAt: null,
      lastSeenAt: "2030-01-02T00:00:00.000Z",
      createdAt: "2030-01-01T00:00:00.000Z",
      paymentFlag: null,
    });
    expect(JSON.stringify(view)).not.toContain("scrypt");
  });
});
