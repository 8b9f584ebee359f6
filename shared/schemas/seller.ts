import { APPROVAL_STATUSES, AUCTION_STATUSES, DEFAULT_STARTING_PRICE, METAL_TYPES } from "../constants.ts";
import { decimalToCents } from "../money.ts";
import { canonicalWeight, WEIGHT_FORMAT_MESSAGE } from "../weight.ts";
import { meltValueSchema, productDescriptionFields } from "./product-description.ts";
import * as z from "./zod.ts";

/** "" from an empty form field means "not given" for the optional texts (weight, purity). */
const optionalText = (max: number, label: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max), z.singleLine(label))),
    z.transform((value: string | undefined) => (value === "" ? undefined : value)),
  );

/** An amount with its unit ("1oz" is stored as "1 oz"), or not given. */
const weightField = z.pipe(
  optionalText(50, "Weight"),
  z.optional(
    z.pipe(
      z.string().check(z.refine((text) => canonicalWeight(text) !== null, WEIGHT_FORMAT_MESSAGE)),
      z.transform((text: string) => canonicalWeight(text) ?? text),
    ),
  ),
);

export const IMAGE_URL_MESSAGE = "Image URL must start with https:// or / (no backslashes)";

/**
 * A root-relative path (the bundled presets) or an https address: nothing a browser could execute, no
 * mixed content, and nothing it would resolve to another host (`//host`, `/\host`: browsers treat a
 * backslash as a slash).
 */
export function isSafeImageUrl(url: string): boolean {
  if (url.includes("\\") || /\s/.test(url) || [...url].some((c) => c.charCodeAt(0) < 0x20)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  return /^https:\/\/[^/?#@]+(?:[/?#]\S*)?$/i.test(url);
}

export const imageUrlField = z.string().check(
  z.trim(),
  z.minLength(1, "Required"),
  z.maxLength(2048),
  // Empty is "Required" above; only a given URL is judged.
  z.refine((url) => url === "" || isSafeImageUrl(url), IMAGE_URL_MESSAGE),
);

export const PRICE_FORMAT_MESSAGE = "Starting price must be a positive amount with at most 2 decimals";

/**
 * The highest starting or retail price a product may have. Every price the product then reaches (the
 * start plus a cent a bid, a Buy It Now price below retail) stays far inside what the public ledger's
 * decimal prices carry (8 whole digits: scripts/ledger/check-document.ts), so every ledger verifies.
 */
export const MAX_PRICE_CENTS = 100_000_000;
const MAX_PRICE_TEXT = "$1,000,000.00";
export const PRICE_TOO_HIGH_MESSAGE = `Starting price must be at most ${MAX_PRICE_TEXT}`;
export const RETAIL_TOO_HIGH_MESSAGE = `Retail price must be at most ${MAX_PRICE_TEXT}`;

/** At most the cap, or not a price at all (the format's own message speaks then). */
const notAboveCap = (value: string) => (decimalToCents(value) ?? 0) <= MAX_PRICE_CENTS;

/** A price as the API carries it, a decimal string such as "12.34": positive, 2 decimals at most. */
const priceField = (formatMessage: string, tooHighMessage: string) =>
  z.string().check(
    z.trim(),
    z.refine((value) => {
      const cents = decimalToCents(value);
      return cents !== null && cents > 0;
    }, formatMessage),
    z.refine(notAboveCap, tooHighMessage),
  );

export const startingPriceField = priceField(PRICE_FORMAT_MESSAGE, PRICE_TOO_HIGH_MESSAGE);

export const RETAIL_PRICE_FORMAT_MESSAGE = "Retail price must be a positive amount with at most 2 decimals";
export const RETAIL_BELOW_START_MESSAGE = "Retail price must be at least the starting price";
export const BUY_NOW_STOCK_MESSAGE = "Buy It Now stock must be a whole number from 0 to 1000";
export const MAX_BUY_NOW_STOCK = 1000;

/** What the item sells for at retail: Buy It Now's price before the bids are credited. */
export const retailPriceField = priceField(RETAIL_PRICE_FORMAT_MESSAGE, RETAIL_TOO_HIGH_MESSAGE);

export const LOCK_PRICE_FORMAT_MESSAGE = "Lock price must be a positive amount with at most 2 decimals";
export const LOCK_PRICE_TOO_HIGH_MESSAGE = `Lock price must be at most ${MAX_PRICE_TEXT}`;

/** The price whose bid locks an auction (it must also be above the starting price: the use case checks). */
export const lockAtPriceField = priceField(LOCK_PRICE_FORMAT_MESSAGE, LOCK_PRICE_TOO_HIGH_MESSAGE);

/** Units offered with Buy It Now (0 = none). Forms send the field's text, the API a number; both are read. */
export const buyNowStockField = z.pipe(
  z.pipe(
    z.union([z.number(), z.string().check(z.trim())]),
    z.transform((value: number | string) => (value === "" ? 0 : Number(value))),
  ),
  z
    .number(z.typeMessages(BUY_NOW_STOCK_MESSAGE))
    .check(
      z.integer(BUY_NOW_STOCK_MESSAGE),
      z.minimum(0, BUY_NOW_STOCK_MESSAGE),
      z.maximum(MAX_BUY_NOW_STOCK, BUY_NOW_STOCK_MESSAGE),
    ),
);

/** The product fields both the seller's and the admin's "add product" forms send. */
export const productFields = {
  name: z.string().check(z.trim(), z.minLength(1, "Required"), z.maxLength(200), z.singleLine("Name")),
  description: z.string().check(z.trim(), z.minLength(1, "Required"), z.maxLength(5000)),
  metalType: z.enum(METAL_TYPES),
  weight: weightField,
  purity: optionalText(50, "Purity"),
  imageUrl: imageUrlField,
  startingPrice: startingPriceField,
  retailPrice: retailPriceField,
  buyNowStock: z._default(buyNowStockField, 0),
};

/** Retail below the starting price would make Buy It Now cheaper than the auction's opening. */
export function retailAtLeastStart(
  product: { startingPrice: string; retailPrice: string },
  context: z.core.$RefinementCtx<{ startingPrice: string; retailPrice: string }>,
): void {
  const start = decimalToCents(product.startingPrice);
  const retail = decimalToCents(product.retailPrice);
  if (start !== null && retail !== null && retail < start) {
    context.addIssue({ code: "custom", path: ["retailPrice"], message: RETAIL_BELOW_START_MESSAGE });
  }
}

/**
 * An optional text of an edit: as on creation, but "" clears it (null) where leaving the field out keeps
 * what is stored.
 */
const clearableText = (max: number, label: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max), z.singleLine(label))),
    z.transform((value: string | undefined) => (value === "" ? null : value)),
  );

/**
 * The fields of an edit (PATCH /api/admin/products/{id}): any of creation's, checked the same way;
 * left out, a field keeps its value. Retail against the starting price is checked with what is stored.
 */
export const productEditFields = {
  ...productFields,
  weight: clearableText(50, "Weight"),
  purity: clearableText(50, "Purity"),
  buyNowStock: buyNowStockField,
};

/** What both "add product" forms validate: every field present (the forms start from the defaults below). */
export const productFormSchema = z.object(productFields).check(z.superRefine(retailAtLeastStart));
export type ProductFormInput = z.output<typeof productFormSchema>;

/** POST /api/seller/products (docs/product.md section 5: metal type defaults to gold). */
export const createSellerProductSchema = z
  .object({
    ...productFields,
    metalType: z._default(productFields.metalType, "gold"),
  })
  .check(z.superRefine(retailAtLeastStart));
export type CreateSellerProductRequest = z.input<typeof createSellerProductSchema>;

/** The Add New Product dialog's starting values (docs/product.md section 2: gold, 0.50). */
export const sellerProductFormDefaults = {
  name: "",
  description: "",
  metalType: "gold",
  weight: "",
  purity: "",
  imageUrl: "",
  startingPrice: DEFAULT_STARTING_PRICE,
  retailPrice: "",
  buyNowStock: "0",
} as const;

/** Bundled illustrations a product form may pick instead of typing an image URL (web/public/images/products). */
export const PRODUCT_IMAGE_PRESETS = [
  { label: "Silver Coins", url: "/images/products/silver-coins.svg" },
  { label: "Gold Jewelry", url: "/images/products/gold-jewelry.svg" },
  { label: "Silver Bullion", url: "/images/products/silver-bullion.svg" },
  { label: "Platinum Bar", url: "/images/products/platinum-bar.svg" },
] as const;

/** A product as its seller (and the admin) sees it. Money as "12.34". */
export const productViewSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  ...productDescriptionFields,
  weight: z.optional(z.string()),
  purity: z.optional(z.string()),
  /** Troy ounces of pure metal (4 decimals); null when the metal, weight or purity does not say. */
  fineOz: z.nullable(z.number()),
  /** Absent without a fine content or a fresh spot price. */
  meltValue: z.optional(meltValueSchema),
  startingPrice: z.string(),
  /** Null without a retail price: then no Buy It Now offer and no "Retail" line. */
  retailPrice: z.nullable(z.string()),
  buyNowStock: z.number().check(z.integer()),
  status: z.enum(APPROVAL_STATUSES),
  approvedAt: z.optional(z.string()),
  createdAt: z.string(),
  /** The auction started when the product was approved. */
  auctionId: z.optional(z.string()),
});
export type ProductView = z.infer<typeof productViewSchema>;

/** GET /api/seller/auctions rows (docs/product.md section 7). */
export const sellerAuctionSchema = z.object({
  id: z.string(),
  status: z.enum(AUCTION_STATUSES),
  totalBids: z.number().check(z.integer()),
  currentPrice: z.string(),
  endsAt: z.string(),
  product: z.object({ name: z.string(), imageUrl: z.string(), fineOz: z.nullable(z.number()) }),
  /** As on the auction: absent without a fine content or a fresh spot price. */
  meltValue: z.optional(meltValueSchema),
});
export type SellerAuction = z.infer<typeof sellerAuctionSchema>;

/** GET /api/seller/profile: the signed-in seller's application and its status. */
export const sellerProfileSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  description: z.optional(z.string()),
  status: z.enum(APPROVAL_STATUSES),
  approvedAt: z.optional(z.string()),
  createdAt: z.string(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** PATCH /api/seller/profile (only while the application is pending). */
export const updateSellerProfileSchema = z.object({
  businessName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100), z.singleLine("Business name")),
  description: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
});
export type UpdateSellerProfileRequest = z.input<typeof updateSellerProfileSchema>;
