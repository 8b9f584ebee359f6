import { describe, expect, it } from "vitest";
import { centsToDecimal } from "#shared/money";
import { MAX_PRICE_CENTS } from "#shared/schemas/seller";
import {
  chainHash,
  genesisHash,
  type LedgerEntryFacts,
  verifyLedger,
} from "../../../functions/domain/bid-ledger.ts";
import { checkLedgerDocument } from "../../../scripts/ledger/check-document.ts";

// Vectors computed outside the product with coreutils:
//   printf '%s' "a1b2c3|50|1893456000000" | sha256sum
//   printf '%s' "<hash0>|1|alice|51|1893456001234|0" | sha256sum
//   printf '%s' "<hash1>|2|bob|52|1893456002500|1" | sha256sum
const genesis = { auctionId: "a1b2c3", startingPriceCents: 50, startedAtMs: 1893456000000 };
const HASH0 = "002f5aa44bfd857e3d9245c3c7121eab4c318a2c1cc3f6dd96053ee3ca4ddbd8";
const HASH1 = "fea514c1dd7efef36b4e20673364f66421020604890a87bcfb523e81ab1862b7";
const HASH2 = "49e46157c997c0545a6444ac98172652609d57829e262fa3e973bb6d2da93b04";
const entries = [
  { n: 1, username: "alice", amountCents: 51, atMs: 1893456001234, auto: false, hash: HASH1 },
  { n: 2, username: "bob", amountCents: 52, atMs: 1893456002500, auto: true, hash: HASH2 },
];

describe("bid ledger chain", () => {
  it("matches the fixed vector of the published canonical form", () => {
    expect(genesisHash(genesis)).toBe(HASH0);
    expect(chainHash(HASH0, entries[0]!)).toBe(HASH1);
    expect(chainHash(HASH1, entries[1]!)).toBe(HASH2);
  });

  it("hashes a lock price into the genesis only when the auction has one", () => {
    // sha256("a1b2c3|50|1893456000000|75"): the three-field genesis above is untouched.
    expect(genesisHash({ ...genesis, lockAtPriceCents: 75 })).toBe(
      "38cbb01b912c32a099c7cf15678810e6a84bdba165f9a2402e122ef8d22e1efa",
    );
    expect(genesisHash({ ...genesis, lockAtPriceCents: undefined })).toBe(HASH0);
  });

  it("verifies an untouched chain and its head", () => {
    expect(verifyLedger(genesis, entries, HASH2)).toEqual({ ok: true, head: HASH2, entries: 2 });
    expect(verifyLedger(genesis, [], HASH0)).toEqual({ ok: true, head: HASH0, entries: 0 });
  });

  it("says where a tampered chain breaks", () => {
    const tampered = [entries[0]!, { ...entries[1]!, username: "mallory" }];
    expect(verifyLedger(genesis, tampered)).toMatchObject({ ok: false, brokenAt: 2 });
    const flippedAuto = [{ ...entries[0]!, auto: true }, entries[1]!];
    expect(verifyLedger(genesis, flippedAuto)).toMatchObject({ ok: false, brokenAt: 1 });
    expect(verifyLedger({ ...genesis, startingPriceCents: 49 }, entries)).toMatchObject({
      ok: false,
      brokenAt: 1,
    });
  });

  it("refuses a gap or a wrong head", () => {
    expect(verifyLedger(genesis, [entries[1]!])).toMatchObject({ ok: false, brokenAt: 1 });
    expect(verifyLedger(genesis, entries, HASH1)).toMatchObject({ ok: false, brokenAt: 2 });
  });
});

describe("the ledger at the highest price a product may have", () => {
  it("verifies as published (decimal prices, ISO times), however long the bidding", () => {
    const start = { auctionId: "capped", startingPriceCents: MAX_PRICE_CENTS, startedAtMs: 1893456000000 };
    let previous = genesisHash(start);
    const entries: (LedgerEntryFacts & { hash: string })[] = [];
    // The price only rises a cent a bid: a million bids take it to $1,010,000.00.
    for (const n of [1, 2, 3, 1_000_000]) {
      const facts: LedgerEntryFacts = {
        n: entries.length + 1,
        username: `bidder${n}`,
        amountCents: MAX_PRICE_CENTS + n,
        atMs: start.startedAtMs + n,
        auto: n % 2 === 0,
      };
      previous = chainHash(previous, facts);
      entries.push({ ...facts, hash: previous });
    }
    const document = {
      auctionId: start.auctionId,
      algorithm: "sha256",
      genesis: {
        startingPrice: centsToDecimal(start.startingPriceCents),
        startedAt: new Date(start.startedAtMs).toISOString(),
      },
      entries: entries.map((entry) => ({
        n: entry.n,
        username: entry.username,
        amount: centsToDecimal(entry.amountCents),
        at: new Date(entry.atMs).toISOString(),
        auto: entry.auto,
        hash: entry.hash,
      })),
      head: previous,
    };
    expect(document.genesis.startingPrice).toBe("1000000.00");
    expect(document.entries.at(-1)?.amount).toBe("1010000.00");
    expect(checkLedgerDocument(document)).toEqual({ ok: true, head: previous, entries: 4 });
  });
});
