import { decimalToCents } from "../money.ts";
import { bidPackageSchema } from "./payments.ts";
import * as z from "./zod.ts";

/** Stripe refuses card charges below $0.50 and above $999,999.99. */
export const MIN_PACKAGE_PRICE_CENTS = 50;
export const MAX_PACKAGE_PRICE_CENTS = 99_999_999;
export const MAX_PACKAGE_BID_COUNT = 1_000_000;

export const PACKAGE_PRICE_MESSAGE = "Price must be an amount from 0.50 to 999999.99 with at most 2 decimals";
export const PACKAGE_BID_COUNT_MESSAGE = "Bid count must be a whole number from 1 to 1000000";
export const PACKAGE_SAVINGS_MESSAGE = "Savings must be a whole number from 0 to 100";
export const PACKAGE_ID_MESSAGE = "id: lowercase letters, digits and dashes";

/** A whole number typed in a form (text) or sent by the API (a number): both are read. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.trim())]),
      z.transform((value: number | string) => (value === "" ? Number.NaN : Number(value))),
    ),
    z
      .number(z.typeMessages(message))
      .check(z.integer(message), z.minimum(min, message), z.maximum(max, message)),
  );

/** What an admin sets on a package; the price as "12.34", like the API shows it. */
export const bidPackageFields = {
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Name is required"),
      z.maxLength(60, "Name must be at most 60 characters"),
      z.singleLine("Name"),
    ),
  bidCount: wholeNumber(1, MAX_PACKAGE_BID_COUNT, PACKAGE_BID_COUNT_MESSAGE),
  price: z.string().check(
    z.trim(),
    z.refine((value) => {
      const cents = decimalToCents(value);
      return cents !== null && cents >= MIN_PACKAGE_PRICE_CENTS && cents <= MAX_PACKAGE_PRICE_CENTS;
    }, PACKAGE_PRICE_MESSAGE),
  ),
  /** A marketing figure shown as "Save N%" (docs/decisions.md: stored as given, not computed). */
  savings: wholeNumber(0, 100, PACKAGE_SAVINGS_MESSAGE),
  popular: z.boolean(),
};

/** Slug ids (`starter`, `popular`, `pro`): they appear in payment metadata and in the checkout's storage. */
export const bidPackageIdField = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, PACKAGE_ID_MESSAGE));

/** The Bid Package dialog's fields (create and edit share them). */
export const bidPackageFormSchema = z.object(bidPackageFields);
export type BidPackageFormInput = z.output<typeof bidPackageFormSchema>;

export const bidPackageFormDefaults = {
  name: "",
  bidCount: "",
  price: "",
  savings: "0",
  popular: false,
} as const;

/**
 * POST /api/admin/bid-packages. The id is derived from the name when left out; a package is created
 * active.
 */
export const createBidPackageSchema = z.object({
  id: z.optional(bidPackageIdField),
  ...bidPackageFields,
  savings: z._default(bidPackageFields.savings, 0),
  popular: z._default(bidPackageFields.popular, false),
});
export type CreateBidPackageRequest = z.input<typeof createBidPackageSchema>;
export type CreateBidPackageInput = z.output<typeof createBidPackageSchema>;

/**
 * PATCH /api/admin/bid-packages/{id}: any of the fields, and `active` to deactivate or reactivate.
 * A payment already started keeps the price and bids it was created with (they are in its intent).
 */
export const updateBidPackageSchema = z
  .partial(
    z.object({
      name: bidPackageFields.name,
      bidCount: bidPackageFields.bidCount,
      price: bidPackageFields.price,
      savings: bidPackageFields.savings,
      popular: bidPackageFields.popular,
      active: z.boolean(),
    }),
  )
  .check(z.refine((change) => Object.values(change).some((v) => v !== undefined), "Nothing to change"));
export type UpdateBidPackageRequest = z.input<typeof updateBidPackageSchema>;
export type UpdateBidPackageInput = z.output<typeof updateBidPackageSchema>;

/** GET /api/admin/bid-packages rows: every package, inactive ones too. */
export const adminBidPackageSchema = z.extend(bidPackageSchema, {
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.nullable(z.string()),
});
export type AdminBidPackage = z.infer<typeof adminBidPackageSchema>;

/** "Gold Rush 500" -> "gold-rush-500"; null when the name has no letter or digit to make one from. */
export function packageIdFromName(name: string): string | null {
  const slug = name
    .normalize("NFKD")
    // Accents come apart from their letters under NFKD; dropping the marks keeps "é" as "e".
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
  return slug === "" ? null : slug;
}
