import * as z from "./zod.ts";

/**
 * A won auction's economics, public once it ends: its bids at what their bidders paid for them (free
 * bids at $0), the final price, their sum (what the site collected), retail and the melt value at its end.
 */
export const economicsSchema = z.object({
  bids: z.number().check(z.integer()),
  bidsValue: z.string(),
  finalPrice: z.string(),
  collected: z.string(),
  retailPrice: z.nullable(z.string()),
  meltValue: z.nullable(z.string()),
});
export type Economics = z.infer<typeof economicsSchema>;
