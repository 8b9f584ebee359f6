/**
 * The public bid ledger: every bid's hash is chained to the one before, so a published head pins the
 * whole history of an auction. The canonical form is part of the public contract (the Fairness page
 * and `npm run verify:ledger` recompute it), so it must never change:
 *
 *   hash0 = sha256hex(auctionId | startingPriceCents | startedAtMs)            (no lock price)
 *   hash0 = sha256hex(auctionId | startingPriceCents | startedAtMs | lockAtPriceCents)
 *   hashN = sha256hex(hashN-1 | N | username | amountCents | atMs | auto ? 1 : 0)
 */
import { createHash } from "node:crypto";
import { type ChainEntry, entryText, genesisText, walkChain } from "#shared/ledger-pages";

export const LEDGER_ALGORITHM = "sha256";

export interface LedgerGenesis {
  auctionId: string;
  startingPriceCents: number;
  /** ms epoch the auction started. */
  startedAtMs: number;
  /** The lock price, a rule published from the start; absent when the auction never locks. */
  lockAtPriceCents?: number;
}

export interface LedgerEntryFacts {
  /** The bid's number, 1-based: totalBids after it. */
  n: number;
  username: string;
  /** The price after this bid, in cents. */
  amountCents: number;
  /** Server time of the bid, ms epoch. */
  atMs: number;
  auto: boolean;
}

const sha256hex = (text: string) => createHash(LEDGER_ALGORITHM).update(text, "utf8").digest("hex");

export function genesisHash(genesis: LedgerGenesis): string {
  return sha256hex(genesisText(genesis));
}

export function chainHash(previous: string, entry: LedgerEntryFacts): string {
  return sha256hex(entryText(previous, entry));
}

export type LedgerCheck =
  | { ok: true; head: string; entries: number }
  | { ok: false; brokenAt: number; reason: string; expected?: string; found?: string };

/**
 * Recomputes a chain from its genesis and compares every stored hash (and, when given, the head).
 * Says where it first breaks: a wrong hash, a gap or repeat in the numbering.
 */
export function verifyLedger(
  genesis: LedgerGenesis,
  entries: readonly ChainEntry[],
  head?: string,
): LedgerCheck {
  const walk = walkChain({ from: 1, previous: genesisHash(genesis) }, entries, sha256hex);
  if (!walk.ok) return walk;
  const previous = walk.head;
  if (head !== undefined && head !== previous) {
    return {
      ok: false,
      brokenAt: entries.length,
      reason: "head does not match the last entry",
      expected: previous,
      found: head,
    };
  }
  return { ok: true, head: previous, entries: entries.length };
}

export type LedgerPageRange =
  /** Entries `from`..`to` (none when `to` < `from`); `nextFrom` is null on the last page. */
  { ok: true; from: number; to: number; nextFrom: number | null } | { ok: false; reason: string };

/**
 * Which entries a page answers, from the chain's length alone (the auction item's totalBids), so no
 * page reads more than its own bids. `from` may be one past the last entry: the empty page a verifier
 * resuming from the head asks for, whose previousHash is the head.
 */
export function ledgerPageRange(totalEntries: number, from: number, limit: number): LedgerPageRange {
  if (from > totalEntries + 1) {
    return {
      ok: false,
      reason: `from must be at most ${totalEntries + 1}: the ledger has ${totalEntries} entries`,
    };
  }
  const to = Math.min(totalEntries, from + limit - 1);
  return { ok: true, from, to, nextFrom: to < totalEntries ? to + 1 : null };
}
