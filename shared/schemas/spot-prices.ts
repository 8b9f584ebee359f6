import { decimalToCents } from "../money.ts";
import * as z from "./zod.ts";

/**
 * GET /api/spot-prices, PUT /api/admin/spot-prices/{metal}, and the melt value of auction and product
 * payloads (docs/product.md, "Spot prices and melt value"). Money is a 2-decimal string.
 */

/** Shown after the field's name ("usdPerOz: must be …"), as every body field's message is. */
export const USD_PER_OZ_MESSAGE = "must be a dollar amount above 0, such as 2650.00";

export const spotPriceViewSchema = z.object({
  usdPerOz: z.string(),
  at: z.string(),
  /** The provider's name, or "manual" for an admin's price. */
  source: z.string(),
  /** Older than an hour: pages say "spot price unavailable" instead of showing it. */
  stale: z.boolean(),
});
export type SpotPriceView = z.infer<typeof spotPriceViewSchema>;

/** null: no price yet. */
export const spotPricesViewSchema = z.object({
  gold: z.nullable(spotPriceViewSchema),
  silver: z.nullable(spotPriceViewSchema),
  platinum: z.nullable(spotPriceViewSchema),
});
export type SpotPricesView = z.infer<typeof spotPricesViewSchema>;

export const spotMetalParamsSchema = z.object({ metal: z.string() });

export const putSpotPriceSchema = z.object({
  usdPerOz: z.string(z.typeMessages(USD_PER_OZ_MESSAGE, USD_PER_OZ_MESSAGE)).check(
    z.trim(),
    z.refine((value) => (decimalToCents(value) ?? 0) > 0, USD_PER_OZ_MESSAGE),
  ),
});
