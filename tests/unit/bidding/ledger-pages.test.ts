/**
 * The ledger's pages: which entries a page answers (functions/domain/bid-ledger.ts) and the rules a
 * verifier checks page by page (shared/ledger-pages.ts), on a chain built with the server's own hash.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type LedgerCheckpoint, walkLedger } from "#shared/ledger-pages";
import { centsToDecimal } from "#shared/money";
import type { LedgerPage } from "#shared/schemas/ledger";
import { chainHash, genesisHash, ledgerPageRange } from "../../../functions/domain/bid-ledger.ts";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const genesis = { auctionId: "a1b2c3", startingPriceCents: 50, startedAtMs: 1893456000000 };

/** A chain of `length` entries as the server publishes them, and its hashes (index 0: the genesis). */
function chain(length: number, bidder = "user") {
  const hashes = [genesisHash(genesis)];
  const entries = Array.from({ length }, (_, i) => {
    const facts = {
      n: i + 1,
      username: `${bidder}${i % 7}`,
      amountCents: 51 + i,
      atMs: genesis.startedAtMs + 1000 * (i + 1),
      auto: i % 3 === 0,
    };
    const hash = chainHash(hashes[i]!, facts);
    hashes.push(hash);
    return {
      n: facts.n,
      username: facts.username,
      amount: centsToDecimal(facts.amountCents),
      at: new Date(facts.atMs).toISOString(),
      auto: facts.auto,
      hash,
    };
  });
  return { entries, hashes };
}

/** The page the route answers for `from` and `limit` over `entries`. */
function pageOf(whole: ReturnType<typeof chain>, from: number, limit: number): LedgerPage {
  const range = ledgerPageRange(whole.entries.length, from, limit);
  if (!range.ok) throw new Error(range.reason);
  return {
    auctionId: genesis.auctionId,
    algorithm: "sha256",
    genesis: { startingPrice: "0.50", startedAt: new Date(genesis.startedAtMs).toISOString() },
    head: whole.hashes.at(-1)!,
    totalEntries: whole.entries.length,
    previousHash: whole.hashes[from - 1]!,
    entries: whole.entries.slice(from - 1, range.to),
    nextFrom: range.nextFrom,
  };
}

const walk = (
  fetchPage: (from: number) => LedgerPage,
  checkpoint?: LedgerCheckpoint,
  progress: number[] = [],
) =>
  walkLedger({
    fetchPage: async (from) => fetchPage(from),
    sha256,
    checkpoint,
    onProgress: ({ through }) => progress.push(through),
  });

describe("ledger page ranges", () => {
  it("answers from..from+limit-1, names the next page, and null once it reaches the last entry", () => {
    expect(ledgerPageRange(2500, 1, 1000)).toEqual({ ok: true, from: 1, to: 1000, nextFrom: 1001 });
    expect(ledgerPageRange(2500, 2001, 1000)).toEqual({ ok: true, from: 2001, to: 2500, nextFrom: null });
    expect(ledgerPageRange(2000, 1001, 1000)).toEqual({ ok: true, from: 1001, to: 2000, nextFrom: null });
    expect(ledgerPageRange(3, 1, 1000)).toEqual({ ok: true, from: 1, to: 3, nextFrom: null });
  });

  it("answers an empty last page one past the end (an empty chain, a verifier at the head) and refuses beyond", () => {
    expect(ledgerPageRange(0, 1, 1000)).toEqual({ ok: true, from: 1, to: 0, nextFrom: null });
    expect(ledgerPageRange(40, 41, 10)).toEqual({ ok: true, from: 41, to: 40, nextFrom: null });
    expect(ledgerPageRange(40, 42, 10)).toEqual({
      ok: false,
      reason: "from must be at most 41: the ledger has 40 entries",
    });
  });
});

describe("verifying a ledger page by page", () => {
  const whole = chain(25);

  it("walks every page from the genesis to the head, reporting progress after each", async () => {
    const progress: number[] = [];
    const result = await walk((from) => pageOf(whole, from, 10), undefined, progress);
    expect(result).toEqual({ ok: true, entries: 25, head: whole.hashes[25], from: 1, complete: true });
    expect(progress).toEqual([10, 20, 25]);
    expect(await walk((from) => pageOf(chain(0), from, 10))).toMatchObject({ ok: true, entries: 0 });
  });

  it("resumes from a checkpoint: the hash of the entry before", async () => {
    const resumed = await walk((from) => pageOf(whole, from, 10), { from: 11, hash: whole.hashes[10]! });
    expect(resumed).toEqual({ ok: true, entries: 15, head: whole.hashes[25], from: 11, complete: true });
    const atHead = await walk((from) => pageOf(whole, from, 10), { from: 26, hash: whole.hashes[25]! });
    expect(atHead).toMatchObject({ ok: true, entries: 0, head: whole.hashes[25] });
    const wrong = await walk((from) => pageOf(whole, from, 10), { from: 11, hash: whole.hashes[9]! });
    expect(wrong).toMatchObject({ ok: false, brokenAt: 11, found: whole.hashes[10] });
  });

  it("breaks at a changed entry, wherever its page", async () => {
    const result = await walk((from) => {
      const page = pageOf(whole, from, 10);
      return from === 11
        ? { ...page, entries: page.entries.map((e) => (e.n === 14 ? { ...e, amount: "9.99" } : e)) }
        : page;
    });
    expect(result).toMatchObject({ ok: false, brokenAt: 14, reason: "hash of entry 14 does not match" });
  });

  it("refuses a page that does not chain from the one before, even when it is consistent in itself", async () => {
    // Another chain's pages 11..25, each self-consistent with its own previousHash.
    const other = chain(30, "other");
    const result = await walk((from) => (from === 1 ? pageOf(whole, 1, 10) : pageOf(other, from, 10)));
    expect(result).toMatchObject({ ok: false, brokenAt: 11 });
  });

  it("refuses a gap, a last page short of the head, or a next page that skips", async () => {
    const gap = await walk((from) => {
      const page = pageOf(whole, from, 10);
      return from === 11 ? { ...page, entries: page.entries.filter((e) => e.n !== 12) } : page;
    });
    expect(gap).toMatchObject({ ok: false, brokenAt: 12, reason: "entry 12 is numbered 13" });

    const short = await walk((from) => {
      const page = pageOf(whole, from, 10);
      return from === 21 ? { ...page, entries: page.entries.slice(0, 3) } : page;
    });
    expect(short).toMatchObject({ ok: false, brokenAt: 23 });

    const wrongHead = await walk((from) => ({ ...pageOf(whole, from, 10), head: whole.hashes[24]! }));
    expect(wrongHead).toMatchObject({ ok: false, reason: "head does not match the last entry" });

    const skipping = await walk((from) => ({ ...pageOf(whole, from, 10), nextFrom: from === 1 ? 12 : null }));
    expect(skipping).toMatchObject({ ok: false, brokenAt: 10 });
  });

  it("says so when an answer is not a ledger page", async () => {
    const result = await walkLedger({ fetchPage: async () => ({ entries: [] }), sha256 });
    expect(result).toMatchObject({
      ok: false,
      brokenAt: null,
      reason: expect.stringContaining("not a ledger page"),
    });
  });
});
