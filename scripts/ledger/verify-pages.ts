/**
 * How `npm run verify:ledger` reports a page-by-page check (shared/ledger-pages.ts holds the rules),
 * and the check of one saved page.
 */
import { createHash } from "node:crypto";
import {
  checkLedgerPage,
  type LedgerCheckpoint,
  type LedgerWalk,
  publishedGenesisHash,
} from "#shared/ledger-pages";
import type { LedgerPage } from "#shared/schemas/ledger";
import { describeCheck } from "./check-document.ts";

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * A saved page: from the genesis when it starts the chain, else from `checkpoint` (a hash recorded
 * earlier) or, without one, from its own previousHash (which then proves only the page's own links).
 */
export async function checkSavedPage(page: LedgerPage, checkpoint?: LedgerCheckpoint): Promise<LedgerWalk> {
  const first = page.entries[0]?.n ?? page.totalEntries + 1;
  let at = checkpoint;
  if (!at && first === 1) {
    const genesis = await publishedGenesisHash(page, sha256);
    if (genesis === null) {
      return { ok: false, brokenAt: null, reason: "the genesis has no valid starting price or start time" };
    }
    at = { from: 1, hash: genesis };
  }
  at ??= { from: first, hash: page.previousHash };
  const check = await checkLedgerPage(page, at, sha256);
  if (!check.ok) return check;
  const through = check.next ? check.next.from - 1 : check.totalEntries;
  return {
    ok: true,
    entries: through - at.from + 1,
    head: check.next?.hash ?? check.head,
    from: at.from,
    complete: !check.next,
  };
}

/** "OK: 30000 bids, head …" and the checkpoint a later run resumes from; or where it broke. */
export function describeWalk(walk: LedgerWalk): string {
  if (!walk.ok) return describeCheck(walk);
  const span = walk.from === 1 ? "" : ` from entry ${walk.from}`;
  const last = walk.from + walk.entries - 1;
  const what = walk.complete ? "head" : `hash of entry ${last} (not the last page)`;
  return [
    `OK: ${walk.entries} bids${span}, ${what} ${walk.head}`,
    `checkpoint: --from ${last + 1} --hash ${walk.head}`,
  ].join("\n");
}
