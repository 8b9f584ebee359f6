import { z } from "zod";
import { decimalToCents } from "../money.ts";

const amount = z.union([z.string(), z.number(), z.null()]).transform((value, ctx) => {
  if (value === null || value === "") return null;
  const cents = decimalToCents(value);
  if (cents === null || cents <= 0) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: "A limit must be an amount such as 50.00, or null for none",
    });
    return z.NEVER;
  }
  return cents;
});

/** PUT /api/me/limits: dollars per period as decimal strings; null removes a limit; a period left out is unchanged. */
export const updateLimitsSchema = z
  .object({ daily: amount.optional(), weekly: amount.optional(), monthly: amount.optional() })
  .strict();
export type UpdateLimitsRequest = z.input<typeof updateLimitsSchema>;

/** POST /api/me/self-exclusion */
export const selfExclusionSchema = z
  .object({
    days: z
      .number({ invalid_type_error: "days must be a whole number from 1 to 365" })
      .int("days must be a whole number from 1 to 365")
      .min(1, "days must be a whole number from 1 to 365")
      .max(365, "days must be a whole number from 1 to 365"),
  })
  .strict();

const money = z.string().nullable();

/** GET/PUT /api/me/limits and POST /api/me/self-exclusion answer. */
export const limitsViewSchema = z.object({
  daily: money,
  weekly: money,
  monthly: money,
  /** A raised or removed limit, in force from `effectiveAt`. */
  pending: z
    .object({
      daily: money.optional(),
      weekly: money.optional(),
      monthly: money.optional(),
      effectiveAt: z.string(),
    })
    .nullable(),
  selfExcludedUntil: z.string().nullable(),
  spent: z.object({ day: z.string(), week: z.string(), month: z.string() }),
});
export type LimitsView = z.infer<typeof limitsViewSchema>;
