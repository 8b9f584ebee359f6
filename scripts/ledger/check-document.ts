/**
 * Checks a ledger document as GET /api/auctions/{id}/ledger publishes it: parses the decimal prices and
 * ISO times back to the canonical form's cents and milliseconds, then recomputes the chain.
 */

import { genesisFacts } from "#shared/ledger-pages";
import { decimalToCents } from "#shared/money";
import { auctionLedgerSchema } from "#shared/schemas/ledger";
import { type LedgerCheck, verifyLedger } from "../../functions/domain/bid-ledger.ts";

export type DocumentCheck = LedgerCheck | { ok: false; brokenAt: null; reason: string };

export function checkLedgerDocument(raw: unknown): DocumentCheck {
  const parsed = auctionLedgerSchema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, brokenAt: null, reason: `not a ledger document: ${parsed.error.issues[0]?.message}` };
  const doc = parsed.data;
  const genesis = genesisFacts(doc.auctionId, doc.genesis);
  if (!genesis) {
    return { ok: false, brokenAt: null, reason: "the genesis has no valid starting price or start time" };
  }
  const entries = doc.entries.map((entry) => ({
    n: entry.n,
    username: entry.username,
    amountCents: decimalToCents(entry.amount) ?? Number.NaN,
    atMs: Date.parse(entry.at),
    auto: entry.auto,
    hash: entry.hash,
  }));
  return verifyLedger(genesis, entries, doc.head);
}

export function describeCheck(check: DocumentCheck): string {
  if (check.ok) return `OK: ${check.entries} bids, head ${check.head}`;
  const where = check.brokenAt === null ? "" : ` at entry ${check.brokenAt}`;
  const detail =
    "expected" in check && check.expected ? ` (expected ${check.expected}, found ${check.found})` : "";
  return `BROKEN${where}: ${check.reason}${detail}`;
}
