import { z } from "zod";
import { decimalToCents } from "../money.ts";

/** PUT /api/auctions/{id}/agent: credits to book (1..500) and an optional ceiling on the price. */
export const bookAgentSchema = z.object({
  bids: z
    .number({ invalid_type_error: "bids must be a whole number from 1 to 500" })
    .int("bids must be a whole number from 1 to 500")
    .min(1, "bids must be a whole number from 1 to 500")
    .max(500, "bids must be a whole number from 1 to 500"),
  maxPrice: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      const cents = decimalToCents(value);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "maxPrice must be a price such as 12.34" });
        return z.NEVER;
      }
      return cents;
    }),
});
export type BookAgentInput = z.input<typeof bookAgentSchema>;

export const AGENT_STATUSES = ["active", "finished", "cancelled"] as const;

/** The caller's agent on an auction (GET/PUT /api/auctions/{id}/agent). */
export const agentViewSchema = z.object({
  auctionId: z.string(),
  bidsBooked: z.number().int(),
  bidsLeft: z.number().int(),
  bidsPlaced: z.number().int(),
  maxPrice: z.string().nullable(),
  status: z.enum(AGENT_STATUSES),
  /** Why it stopped: bids-spent, max-price, auction-ended, cancelled, user-refused; null while active. */
  stopReason: z.string().nullable(),
  /** Credits given back when it stopped. */
  returned: z.number().int(),
});
export type AgentView = z.infer<typeof agentViewSchema>;
