/**
 * Names, titles and addresses are one line: a control character in one is refused with a 400 that
 * names the field, and the email renderer puts whatever is stored on one line anyway, so a product
 * named "X\r\nBcc: evil@example.com" cannot add a header to an email.
 */
import { describe, expect, it } from "vitest";
import { adminCreateProductSchema } from "#shared/schemas/admin";
import { createBidPackageSchema } from "#shared/schemas/bid-packages";
import { createOrderRequestSchema } from "#shared/schemas/orders";
import { createSellerProductSchema, updateSellerProfileSchema } from "#shared/schemas/seller";
import { renderEmail } from "../../../functions/domain/email-templates.ts";

const INJECTION = "X\r\nBcc: evil@example.com";
const CONTROLS = [
  "a\nb",
  "a\rb",
  "a\tb",
  "a\u0000b",
  "a\u001bb",
  "a\u007fb",
  "a\u0085b",
  "a\u2028b",
  "a\u2029b",
];
const site = { name: "Precious Metals Auctions", url: "https://auctions.example.com" };

const product = {
  name: "1 oz Silver Eagle",
  description: "A coin.\nTwo lines are fine here.",
  metalType: "silver",
  weight: "1 oz",
  purity: "99.9%",
  imageUrl: "/images/products/silver-coins.svg",
  startingPrice: "0.50",
  retailPrice: "40.00",
};
const order = {
  auctionId: "a1",
  shippingAddress: "1 Main St",
  shippingCity: "Springfield",
  shippingState: "IL",
  shippingZip: "62701",
};

/** The first issue as the API words it: "<field>: <message>". */
function refusal(
  schema: {
    safeParse(input: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error!.issues[0]!;
  return `${issue.path.join(".")}: ${issue.message}`;
}

const cases: Array<{
  schema: Parameters<typeof refusal>[0];
  valid: Record<string, unknown>;
  field: string;
  label: string;
  /** False for a field whose form rules out accents and symbols anyway (a postal code). */
  freeText?: boolean;
}> = [
  { schema: createSellerProductSchema, valid: product, field: "name", label: "Name" },
  // A weight is an amount and a unit, never free text.
  { schema: createSellerProductSchema, valid: product, field: "weight", label: "Weight", freeText: false },
  { schema: createSellerProductSchema, valid: product, field: "purity", label: "Purity" },
  { schema: adminCreateProductSchema, valid: product, field: "name", label: "Name" },
  {
    schema: updateSellerProfileSchema,
    valid: { businessName: "Coins & Co" },
    field: "businessName",
    label: "Business name",
  },
  {
    schema: createBidPackageSchema,
    valid: { name: "Starter", bidCount: 50, price: "20.00" },
    field: "name",
    label: "Name",
  },
  { schema: createOrderRequestSchema, valid: order, field: "shippingAddress", label: "Street address" },
  { schema: createOrderRequestSchema, valid: order, field: "shippingCity", label: "City" },
  // A region is free text outside the US (a US state is a USPS code); a postal code is never free text.
  {
    schema: createOrderRequestSchema,
    valid: { ...order, shippingCountry: "GB", shippingState: "Greater London", shippingZip: "SW1A 1AA" },
    field: "shippingState",
    label: "State",
  },
  {
    schema: createOrderRequestSchema,
    valid: order,
    field: "shippingZip",
    label: "ZIP code",
    freeText: false,
  },
];

describe("names, titles and addresses", () => {
  it.each(cases)(
    "$field refuses control characters, naming the field",
    ({ schema, valid, field, label, freeText }) => {
      expect(refusal(schema, valid)).toBeNull();
      for (const value of [INJECTION, ...CONTROLS]) {
        expect(refusal(schema, { ...valid, [field]: value }), JSON.stringify(value)).toBe(
          `${field}: ${label} must not contain line breaks or other control characters`,
        );
      }
      // Accents, emoji and symbols are text, not control characters.
      if (freeText !== false) expect(refusal(schema, { ...valid, [field]: "Café 🪙 ½ — №1" })).toBeNull();
    },
  );
});

describe("email rendering", () => {
  it("puts a name with line breaks on one line in the subject and the text", () => {
    const email = renderEmail(
      { kind: "won", data: { auctionId: "a1", productName: INJECTION, priceCents: 100 } },
      "amy\r\nCc: x@example.com",
      site,
    );
    expect(email.subject).toBe("You won X Bcc: evil@example.com!");
    expect(email.subject).not.toMatch(/[\r\n]/);
    const lines = email.text.split("\n");
    expect(lines.some((line) => line.startsWith("Bcc:") || line.startsWith("Cc:"))).toBe(false);
    expect(email.text).toContain("Hello amy Cc: x@example.com,");
    for (const kind of ["outbid", "order_paid", "shipped", "product_approved", "product_rejected"] as const) {
      const other = renderEmail(
        { kind, data: { productName: INJECTION, trackingNumber: "1Z\n9" } },
        "amy",
        site,
      );
      expect(other.subject, kind).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    }
    const seller = renderEmail({ kind: "seller_approved", data: { businessName: "A\u2028B" } }, "amy", site);
    expect(seller.text).toContain("A B may now list products");
  });
});
