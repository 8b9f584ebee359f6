import { APPROVAL_STATUSES } from "../constants.ts";
import { accountFields } from "./account-fields.ts";
import { auctionSummarySchema } from "./auctions.ts";
import {
  lockAtPriceField,
  productEditFields,
  productFields,
  productViewSchema,
  retailAtLeastStart,
  sellerProductFormDefaults,
} from "./seller.ts";
import * as z from "./zod.ts";

/** POST /api/admin/products: the seller's fields; the admin form starts on silver (docs/product.md section 5). */
export const adminCreateProductSchema = z.object(productFields).check(z.superRefine(retailAtLeastStart));
export type AdminCreateProductRequest = z.input<typeof adminCreateProductSchema>;
export type AdminCreateProductInput = z.output<typeof adminCreateProductSchema>;

/** PATCH /api/admin/products/{id}: any of the product's fields; at least one. */
export const adminUpdateProductSchema = z
  .partial(z.strictObject(productEditFields))
  .check(
    z.refine((change) => Object.values(change).some((value) => value !== undefined), "Nothing to change"),
  );
export type AdminUpdateProductRequest = z.input<typeof adminUpdateProductSchema>;
export type AdminUpdateProductInput = z.output<typeof adminUpdateProductSchema>;

export const adminProductFormDefaults = {
  ...sellerProductFormDefaults,
  metalType: "silver",
  startingPrice: "",
} as const;

export const MAX_AUCTION_DURATION_SECONDS = 30 * 24 * 60 * 60;

/** POST /api/admin/products/{id}/approve: the auction's length, default from configuration. */
export const approveProductSchema = z.object({
  durationSeconds: z.optional(
    z.number().check(z.integer(), z.minimum(30), z.maximum(MAX_AUCTION_DURATION_SECONDS)),
  ),
  /** A beginner auction: only bidders who have never won may bid. */
  beginner: z.optional(z.boolean()),
  /** The price whose bid locks the auction to its earlier bidders; null or absent: it never locks. */
  lockAtPrice: z.optional(z.nullable(lockAtPriceField)),
});
export type ApproveProductRequest = z.input<typeof approveProductSchema>;

/** POST /api/admin/auctions/{id}/relist: the new auction may lock too (no body: it never locks). */
export const relistAuctionSchema = z.object({ lockAtPrice: z.optional(z.nullable(lockAtPriceField)) });

export const MAX_BID_ADJUSTMENT = 1_000_000;

/** POST /api/admin/users/{id}/adjust-bids: a signed, non-zero whole number of credits. */
export const adjustBidsSchema = z.object({
  amount: z.number().check(
    z.integer("Amount must be a whole number"),
    z.minimum(-MAX_BID_ADJUSTMENT),
    z.maximum(MAX_BID_ADJUSTMENT),
    z.refine((amount) => amount !== 0, "Amount must not be zero"),
  ),
});
export type AdjustBidsRequest = z.infer<typeof adjustBidsSchema>;
export const adjustBidsResponseSchema = z.object({
  newBalance: z.number().check(z.integer(), z.nonnegative()),
});
export type AdjustBidsResponse = z.infer<typeof adjustBidsResponseSchema>;

/** The same minimum as registration: a reset must not allow a weaker password than sign-up (docs/decisions.md). */
export const MIN_RESET_PASSWORD_LENGTH = 8;

/** POST /api/admin/users/{id}/reset-password (docs/product.md section 5: at least 6 characters). */
export const resetPasswordSchema = z.object({
  newPassword: z
    .string()
    .check(
      z.minLength(MIN_RESET_PASSWORD_LENGTH, "Password must be at least 8 characters"),
      z.maxLength(200),
    ),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;

/** Path parameter of every /api/admin/.../{id} route. */
export const idParamsSchema = z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) });

/** GET /api/admin/sellers/pending rows (docs/product.md section 3, "Seller application view"). */
export const sellerApplicationSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  description: z.optional(z.string()),
  status: z.enum(APPROVAL_STATUSES),
  createdAt: z.string(),
  user: z.object({ username: z.string(), email: z.string() }),
});
export type SellerApplication = z.infer<typeof sellerApplicationSchema>;

/** GET /api/admin/products and /pending rows: the product plus its seller's business name. */
export const adminProductSchema = z.extend(productViewSchema, {
  seller: z.object({ businessName: z.string() }),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** GET /api/admin/users rows: never the password hash or a session. */
export const adminUserSchema = z.object({
  ...accountFields,
  lastBidAt: z.nullable(z.string()),
  lastSeenAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** Set when a bid-package payment of theirs was refunded or disputed (docs/decisions.md). */
  paymentFlag: z.nullable(z.enum(["refunded", "disputed"])),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/stats/users. */
export const userStatsSchema = z.object({ totalUsers: z.number().check(z.integer(), z.nonnegative()) });
export type UserStats = z.infer<typeof userStatsSchema>;

/** GET /api/admin/auctions/expired: a win that expired unpaid, waiting to be listed again. */
export const expiredWinSchema = z.extend(auctionSummarySchema, {
  /** The deadline that passed, and when the sweep expired the win. */
  payBy: z.string(),
  paymentExpiredAt: z.string(),
  /** The bids the winner got back when they gave the win up for them; null when the deadline passed. */
  exchangedBids: z.nullable(z.number().check(z.integer())),
});
export type ExpiredWin = z.infer<typeof expiredWinSchema>;
