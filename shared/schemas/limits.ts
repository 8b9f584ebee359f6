import { decimalToCents } from "../money.ts";
import * as z from "./zod.ts";

const amount = z.pipe(
  z.union([z.string(), z.number(), z.null()]),
  z.transform((value: string | number | null, ctx) => {
    if (value === null || value === "") return null;
    const cents = decimalToCents(value);
    if (cents === null || cents <= 0) {
      ctx.issues.push({
        code: "custom",
        message: "A limit must be an amount such as 50.00, or null for none",
        input: value,
      });
      return z.NEVER;
    }
    return cents;
  }),
);

/** PUT /api/me/limits: dollars per period as decimal strings; null removes a limit; a period left out is unchanged. */
export const updateLimitsSchema = z.strictObject({
  daily: z.optional(amount),
  weekly: z.optional(amount),
  monthly: z.optional(amount),
});
export type UpdateLimitsRequest = z.input<typeof updateLimitsSchema>;

const DAYS_MESSAGE = "days must be a whole number from 1 to 365";

/** POST /api/me/self-exclusion */
export const selfExclusionSchema = z.strictObject({
  days: z
    .number(z.typeMessages(DAYS_MESSAGE))
    .check(z.integer(DAYS_MESSAGE), z.minimum(1, DAYS_MESSAGE), z.maximum(365, DAYS_MESSAGE)),
});

const money = z.nullable(z.string());

/** GET/PUT /api/me/limits and POST /api/me/self-exclusion answer. */
export const limitsViewSchema = z.object({
  daily: money,
  weekly: money,
  monthly: money,
  /** A raised or removed limit, in force from `effectiveAt`. */
  pending: z.nullable(
    z.object({
      daily: z.optional(money),
      weekly: z.optional(money),
      monthly: z.optional(money),
      effectiveAt: z.string(),
    }),
  ),
  selfExcludedUntil: z.nullable(z.string()),
  spent: z.object({ day: z.string(), week: z.string(), month: z.string() }),
  /** When each period's spending starts again from zero (UTC midnight, Monday, the 1st), ISO. */
  resetsAt: z.object({ day: z.string(), week: z.string(), month: z.string() }),
});
export type LimitsView = z.infer<typeof limitsViewSchema>;
