import { decimalToCents } from "../money.ts";
import * as z from "./zod.ts";

const BIDS_MESSAGE = "bids must be a whole number from 1 to 500";

/** PUT /api/auctions/{id}/agent: credits to book (1..500) and an optional ceiling on the price. */
export const bookAgentSchema = z.object({
  bids: z
    .number(z.typeMessages(BIDS_MESSAGE))
    .check(z.integer(BIDS_MESSAGE), z.minimum(1, BIDS_MESSAGE), z.maximum(500, BIDS_MESSAGE)),
  maxPrice: z.pipe(
    z.nullish(z.union([z.number(), z.string()])),
    z.transform((value: number | string | null | undefined, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      const cents = decimalToCents(value);
      if (cents === null || cents <= 0) {
        ctx.issues.push({ code: "custom", message: "maxPrice must be a price such as 12.34", input: value });
        return z.NEVER;
      }
      return cents;
    }),
  ),
});
export type BookAgentInput = z.input<typeof bookAgentSchema>;

export const AGENT_STATUSES = ["active", "finished", "cancelled"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/**
 * Why an agent stopped: its bids spent, its max price reached, the auction ended, its user cancelled it,
 * its user may no longer bid on the auction, or the auction locked before its user's first bid there.
 */
export const AGENT_STOP_REASONS = [
  "bids-spent",
  "max-price",
  "auction-ended",
  "cancelled",
  "user-refused",
  "locked-out",
] as const;
export type AgentStopReason = (typeof AGENT_STOP_REASONS)[number];

/** The caller's agent on an auction (GET/PUT /api/auctions/{id}/agent; GET answers null, 200, when they have none). */
export const agentViewSchema = z.object({
  auctionId: z.string(),
  bidsBooked: z.number().check(z.integer()),
  bidsLeft: z.number().check(z.integer()),
  bidsPlaced: z.number().check(z.integer()),
  maxPrice: z.nullable(z.string()),
  status: z.enum(AGENT_STATUSES),
  /** Why it stopped; null while active. */
  stopReason: z.nullable(z.enum(AGENT_STOP_REASONS)),
  /** Credits given back when it stopped. */
  returned: z.number().check(z.integer()),
});
export type AgentView = z.infer<typeof agentViewSchema>;
