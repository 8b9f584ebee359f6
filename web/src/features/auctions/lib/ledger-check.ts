import { api } from "@web/lib/api-client.ts";
import { type LedgerCheckpoint, type LedgerWalk, walkLedger } from "#shared/ledger-pages";
import type { LedgerPage } from "#shared/schemas/ledger";

const encoder = new TextEncoder();

/** SHA-256 as lowercase hex, with the browser's own implementation (SubtleCrypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

export interface LedgerProgress {
  checked: number;
  totalEntries: number;
}

/**
 * Verifies an auction's public ledger in this browser, page by page at the route's default size (the
 * pages everyone asks for, so the edge serves most of them), from the genesis or a checkpoint.
 * `signal` stops it between pages.
 */
export function checkAuctionLedger(
  auctionId: string,
  options: {
    checkpoint?: LedgerCheckpoint;
    onProgress: (progress: LedgerProgress) => void;
    /** The bids of each page as it is read, before its check. */
    onEntries: (entries: LedgerPage["entries"]) => void;
    signal: AbortSignal;
  },
): Promise<LedgerWalk> {
  return walkLedger({
    fetchPage: (from) => {
      if (options.signal.aborted) throw new Error("stopped");
      return api.get<unknown>(`/api/auctions/${encodeURIComponent(auctionId)}/ledger?from=${from}`);
    },
    sha256: sha256Hex,
    checkpoint: options.checkpoint,
    onPage: (page) => options.onEntries(page.entries),
    onProgress: ({ checked, totalEntries }) => options.onProgress({ checked, totalEntries }),
  });
}
