import { economicsSchema } from "./economics.ts";
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
  /** The bidder's badge (not hashed: the chain proves the bids, not the accounts). */
  memberSince: z.optional(z.string()),
  isNew: z.optional(z.boolean()),
});

export const auctionLedgerSchema = z.object({
  auctionId: z.string(),
  algorithm: z.literal("sha256"),
  /** The auction's rules from its start; `lockAtPrice` only on an auction that locks (it joins the genesis hash). */
  genesis: z.object({
    startingPrice: z.string(),
    startedAt: z.string(),
    lockAtPrice: z.optional(z.string()),
  }),
  entries: z.array(ledgerEntrySchema),
  head: z.string(),
});
export type AuctionLedger = z.infer<typeof auctionLedgerSchema>;

export const LEDGER_PAGE_DEFAULT_LIMIT = 1000;
/** At ~200 B an entry, the largest page is ~1 MB of JSON: far under Lambda's 6 MB answer. */
export const LEDGER_PAGE_MAX_LIMIT = 5000;

const FROM_MESSAGE = "from must be a whole number of 1 or more";
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX_LIMIT}`;

/** `?from=&limit=`: the first entry of the page (1-based) and how many entries at most. */
export const ledgerPageQuerySchema = z.object({
  from: z.optional(
    z.coerce
      .number(z.typeMessages(FROM_MESSAGE))
      .check(z.integer(FROM_MESSAGE), z.minimum(1, FROM_MESSAGE), z.maximum(1e9, FROM_MESSAGE)),
  ),
  limit: z.optional(
    z.coerce
      .number(z.typeMessages(LIMIT_MESSAGE))
      .check(
        z.integer(LIMIT_MESSAGE),
        z.minimum(1, LIMIT_MESSAGE),
        z.maximum(LEDGER_PAGE_MAX_LIMIT, LIMIT_MESSAGE),
      ),
  ),
});

/**
 * One page of the ledger: entries `from`..`from+limit-1` (the whole chain when it is short), the hash
 * they chain from (`previousHash`: the genesis hash on the first page), the chain's current length
 * and head, and the next page's `from` (null on the last page, whose last entry's hash is `head`).
 */
export const ledgerPageSchema = z.extend(auctionLedgerSchema, {
  totalEntries: z.number().check(z.integer(), z.nonnegative()),
  previousHash: z.string(),
  nextFrom: z.nullable(z.number().check(z.integer(), z.positive())),
  /** Once won: what the auction's bids and final price brought in; its `bids` is the chain's length. */
  economics: z.optional(economicsSchema),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;
