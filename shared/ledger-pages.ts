/**
 * The published ledger's canonical form as text, and the rules that check it page by page. Shared by
 * the server (functions/domain/bid-ledger.ts hashes these texts), `npm run verify:ledger` and the web's
 * ledger page; the caller brings SHA-256 (node:crypto, or SubtleCrypto in a browser), so this module
 * runs anywhere.
 *
 *   hash0 = sha256hex(auctionId | startingPriceCents | startedAtMs)            (no lock price)
 *   hash0 = sha256hex(auctionId | startingPriceCents | startedAtMs | lockAtPriceCents)
 *   hashN = sha256hex(hashN-1 | N | username | amountCents | atMs | auto ? 1 : 0)
 */
import { decimalToCents } from "./money.ts";
import { type LedgerPage, ledgerPageSchema } from "./schemas/ledger.ts";

export function genesisText(genesis: {
  auctionId: string;
  startingPriceCents: number;
  startedAtMs: number;
  lockAtPriceCents?: number;
}) {
  const base = `${genesis.auctionId}|${genesis.startingPriceCents}|${genesis.startedAtMs}`;
  // Only an auction with a lock price carries it: every other genesis stays as it always was.
  return genesis.lockAtPriceCents === undefined ? base : `${base}|${genesis.lockAtPriceCents}`;
}

export function entryText(
  previous: string,
  entry: { n: number; username: string; amountCents: number; atMs: number; auto: boolean },
) {
  return `${previous}|${entry.n}|${entry.username}|${entry.amountCents}|${entry.atMs}|${entry.auto ? 1 : 0}`;
}

/** SHA-256 of UTF-8 text as lowercase hex. */
export type Sha256Hex = (text: string) => string | Promise<string>;

/** One entry as the chain hashes it, with the hash it was published with. */
export interface ChainEntry {
  n: number;
  username: string;
  amountCents: number;
  atMs: number;
  auto: boolean;
  hash: string;
}

export type ChainBreak = { ok: false; brokenAt: number; reason: string; expected?: string; found?: string };

/** After a stretch of entries: the hash of its last one (`head`), and the number the next must carry. */
export type ChainWalk = { ok: true; head: string; next: number } | ChainBreak;

/**
 * Walks entries that follow entry `from - 1` (whose hash is `previous`): each must carry the next number
 * and the recomputed hash. The one loop of every verifier: the server's (node:crypto, synchronous) and
 * the page checks' (SubtleCrypto in a browser): it stays synchronous while `sha256` does.
 */
export function walkChain(
  start: { from: number; previous: string },
  entries: readonly ChainEntry[],
  sha256: (text: string) => string,
): ChainWalk;
export function walkChain(
  start: { from: number; previous: string },
  entries: readonly ChainEntry[],
  sha256: Sha256Hex,
): ChainWalk | Promise<ChainWalk>;
export function walkChain(
  start: { from: number; previous: string },
  entries: readonly ChainEntry[],
  sha256: Sha256Hex,
): ChainWalk | Promise<ChainWalk> {
  const compare = (entry: ChainEntry, expected: string): ChainBreak | null =>
    expected === entry.hash
      ? null
      : {
          ok: false,
          brokenAt: entry.n,
          reason: `hash of entry ${entry.n} does not match`,
          expected,
          found: entry.hash,
        };
  const from = (index: number, previous: string): ChainWalk | Promise<ChainWalk> => {
    for (let i = index; i < entries.length; i++) {
      const entry = entries[i]!;
      const n = start.from + i;
      if (entry.n !== n) return { ok: false, brokenAt: n, reason: `entry ${n} is numbered ${entry.n}` };
      if (Number.isNaN(entry.amountCents) || Number.isNaN(entry.atMs)) {
        return { ok: false, brokenAt: n, reason: `entry ${n} has no valid amount or time` };
      }
      const hashed = sha256(entryText(previous, entry));
      if (typeof hashed !== "string") {
        return hashed.then((expected) => compare(entry, expected) ?? from(i + 1, expected));
      }
      const broken = compare(entry, hashed);
      if (broken) return broken;
      previous = hashed;
    }
    return { ok: true, head: previous, next: start.from + entries.length };
  };
  return from(0, start.previous);
}

/** Where a check stands: the next entry it expects and the hash that entry chains from. */
export interface LedgerCheckpoint {
  from: number;
  hash: string;
}

export type LedgerPageCheck =
  /** `next` is where the following page must start; null once the page reached the head. */
  | { ok: true; next: LedgerCheckpoint | null; head: string; totalEntries: number }
  | { ok: false; brokenAt: number | null; reason: string; expected?: string; found?: string };

/**
 * The canonical facts of a published genesis (decimal prices and ISO time back to cents and ms), or null
 * when one does not parse.
 */
export function genesisFacts(auctionId: string, genesis: LedgerPage["genesis"]) {
  const startingPriceCents = decimalToCents(genesis.startingPrice);
  const startedAtMs = Date.parse(genesis.startedAt);
  const lockAtPriceCents =
    genesis.lockAtPrice === undefined ? undefined : decimalToCents(genesis.lockAtPrice);
  if (startingPriceCents === null || Number.isNaN(startedAtMs) || lockAtPriceCents === null) return null;
  return {
    auctionId,
    startingPriceCents,
    startedAtMs,
    ...(lockAtPriceCents === undefined ? {} : { lockAtPriceCents }),
  };
}

/** The hash of entry 0, from what a page publishes of the auction's start. */
export async function publishedGenesisHash(page: LedgerPage, sha256: Sha256Hex): Promise<string | null> {
  const facts = genesisFacts(page.auctionId, page.genesis);
  return facts ? sha256(genesisText(facts)) : null;
}

/**
 * Checks one page against where the check stands: it must chain from the checkpoint (its
 * `previousHash` and first entry), number its entries without gap, and every hash must be the
 * recomputed one. A page that says it is the last must end at `totalEntries` with the `head`; any
 * other must name the entry after its last as the next page.
 */
export async function checkLedgerPage(
  page: LedgerPage,
  at: LedgerCheckpoint,
  sha256: Sha256Hex,
): Promise<LedgerPageCheck> {
  if (page.previousHash !== at.hash) {
    return {
      ok: false,
      brokenAt: at.from,
      reason: `the page from entry ${at.from} does not chain from the hash before it`,
      expected: at.hash,
      found: page.previousHash,
    };
  }
  const walk = await walkChain(
    { from: at.from, previous: at.hash },
    page.entries.map((entry) => ({
      ...entry,
      amountCents: decimalToCents(entry.amount) ?? Number.NaN,
      atMs: Date.parse(entry.at),
    })),
    sha256,
  );
  if (!walk.ok) return walk;
  const previous = walk.head;
  const n = walk.next;
  const last = n - 1;
  if (page.nextFrom === null) {
    if (last !== page.totalEntries) {
      return {
        ok: false,
        brokenAt: last,
        reason: `the last page ends at entry ${last}, the ledger says it has ${page.totalEntries}`,
      };
    }
    if (previous !== page.head) {
      return {
        ok: false,
        brokenAt: last,
        reason: "head does not match the last entry",
        expected: previous,
        found: page.head,
      };
    }
    // The published economics count the bids the chain holds: no more, no fewer.
    if (page.economics && page.economics.bids !== last) {
      return {
        ok: false,
        brokenAt: last,
        reason: `the economics count ${page.economics.bids} bids, the chain holds ${last}`,
        expected: String(last),
        found: String(page.economics.bids),
      };
    }
    return { ok: true, next: null, head: page.head, totalEntries: page.totalEntries };
  }
  if (page.entries.length === 0 || page.nextFrom !== n) {
    return {
      ok: false,
      brokenAt: last,
      reason: `the page ending at entry ${last} names ${page.nextFrom} as the next`,
    };
  }
  return { ok: true, next: { from: n, hash: previous }, head: page.head, totalEntries: page.totalEntries };
}

export type LedgerWalk =
  /** `entries` checked from entry `from`; `head` is the hash of the last one checked. */
  | { ok: true; entries: number; head: string; from: number; complete: boolean }
  | { ok: false; brokenAt: number | null; reason: string; expected?: string; found?: string };

export interface LedgerWalkOptions {
  /** Reads the page that starts at `from` (its JSON). */
  fetchPage: (from: number) => Promise<unknown>;
  sha256: Sha256Hex;
  /** Resume from a checkpoint: the hash of entry `from - 1`, recorded by an earlier check. */
  checkpoint?: LedgerCheckpoint;
  /** Each page as read, before it is checked (a reader that shows the bids, the broken one included). */
  onPage?: (page: LedgerPage) => void;
  /** After each page: entries checked so far (from the first one checked) and the chain's length. */
  onProgress?: (progress: { checked: number; through: number; totalEntries: number }) => void;
}

/**
 * Verifies a ledger page by page, from its genesis or from a checkpoint, until the page that reaches
 * the head. Every page is checked against the one before, so no page is trusted on its own; memory
 * stays one page, whatever the chain's length.
 */
export async function walkLedger(options: LedgerWalkOptions): Promise<LedgerWalk> {
  const startFrom = options.checkpoint?.from ?? 1;
  let from = startFrom;
  let at: LedgerCheckpoint | undefined = options.checkpoint;
  for (;;) {
    const parsed = ledgerPageSchema.safeParse(await options.fetchPage(from));
    if (!parsed.success) {
      return { ok: false, brokenAt: null, reason: `not a ledger page: ${parsed.error.issues[0]?.message}` };
    }
    const page = parsed.data;
    options.onPage?.(page);
    if (!at) {
      const genesis = await publishedGenesisHash(page, options.sha256);
      if (genesis === null) {
        return { ok: false, brokenAt: null, reason: "the genesis has no valid starting price or start time" };
      }
      at = { from: 1, hash: genesis };
    }
    const check = await checkLedgerPage(page, at, options.sha256);
    if (!check.ok) return check;
    const through = check.next ? check.next.from - 1 : check.totalEntries;
    options.onProgress?.({ checked: through - startFrom + 1, through, totalEntries: check.totalEntries });
    if (!check.next) {
      return {
        ok: true,
        entries: through - startFrom + 1,
        head: check.head,
        from: startFrom,
        complete: true,
      };
    }
    at = check.next;
    from = check.next.from;
  }
}
