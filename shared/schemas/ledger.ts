import * as z from "./zod.ts";

/**
 * GET /api/auctions/{id}/ledger: every bid of an auction, hash-chained (functions/domain/bid-ledger.ts
 * has the canonical form). Money as 2-decimal strings, times as ISO 8601 with milliseconds.
 */
export const ledgerEntrySchema = z.object({
  n: z.number().check(z.integer(), z.positive()),
  username: z.string(),
  amount: z.string(),
  at: z.string(),
  auto: z.boolean(),
  hash: z.string(),
});

export const auctionLedgerSchema = z.object({
  auctionId: z.string(),
  algorithm: z.literal("sha256"),
  genesis: z.object({ startingPrice: z.string(), startedAt: z.string() }),
  entries: z.array(ledgerEntrySchema),
  head: z.string(),
});
export type AuctionLedger = z.infer<typeof auctionLedgerSchema>;
