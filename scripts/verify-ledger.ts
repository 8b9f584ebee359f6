/**
 * npm run verify:ledger -- <auctionId | ledger.json> [--api URL] [--from N --hash H] [--limit M]
 * Recomputes an auction's hash-chained bid ledger and says OK or where it breaks (exit 1 when broken).
 * An auction id is read from the public API (default http://localhost:5173, or LEDGER_API) page by
 * page (GET /api/auctions/{id}/ledger?from=&limit=): each page must chain from the one before and the
 * last must reach the head. `--from N --hash H` resumes from the checkpoint a former run printed (H is
 * the hash of entry N-1), so a long chain is never checked twice. A file is a saved answer of the
 * ledger route: one page, or the whole chain as the route answered before pages.
 */
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type LedgerCheckpoint, walkLedger } from "#shared/ledger-pages";
import { ledgerPageSchema } from "#shared/schemas/ledger";
import { checkLedgerDocument, describeCheck } from "./ledger/check-document.ts";
import { checkSavedPage, describeWalk, sha256 } from "./ledger/verify-pages.ts";

const USAGE =
  "Usage: npm run verify:ledger -- <auctionId | ledger.json> [--api URL] [--from N --hash H] [--limit M]";
const { values, positionals } = parseArgs({
  options: {
    api: { type: "string" },
    from: { type: "string" },
    hash: { type: "string" },
    limit: { type: "string" },
  },
  allowPositionals: true,
});

function usage(problem?: string): never {
  console.error(USAGE);
  if (problem) console.error(problem);
  process.exit(2);
}

const target = positionals[0] ?? usage();
let checkpoint: LedgerCheckpoint | undefined;
if (values.from !== undefined || values.hash !== undefined) {
  const from = Number(values.from);
  if (!Number.isInteger(from) || from < 1 || !/^[0-9a-f]{64}$/.test(values.hash ?? "")) {
    usage("--from takes an entry number (1 or more) and --hash the 64-hex hash of the entry before it");
  }
  checkpoint = { from, hash: values.hash as string };
}
const limit = values.limit === undefined ? undefined : Number(values.limit);
if (limit !== undefined && !Number.isInteger(limit)) usage("--limit takes a whole number");

try {
  if (existsSync(target)) {
    const document: unknown = JSON.parse(readFileSync(target, "utf8"));
    const page = ledgerPageSchema.safeParse(document);
    if (page.success) {
      const walk = await checkSavedPage(page.data, checkpoint);
      console.log(describeWalk(walk));
      process.exit(walk.ok ? 0 : 1);
    }
    const check = checkLedgerDocument(document);
    console.log(describeCheck(check));
    process.exit(check.ok ? 0 : 1);
  }
  const api = (values.api ?? process.env.LEDGER_API ?? "http://localhost:5173").replace(/\/$/, "");
  const base = `${api}/api/auctions/${encodeURIComponent(target)}/ledger`;
  const walk = await walkLedger({
    fetchPage: async (from) => {
      const query = new URLSearchParams({ from: String(from), ...(limit ? { limit: String(limit) } : {}) });
      const res = await fetch(`${base}?${query}`);
      if (!res.ok) throw new Error(`${api} answered ${res.status}: ${await res.text()}`);
      return res.json();
    },
    sha256,
    checkpoint,
    onProgress: ({ through, totalEntries }) => {
      if (process.stderr.isTTY) process.stderr.write(`\rchecked through entry ${through} of ${totalEntries}`);
    },
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  console.log(describeWalk(walk));
  process.exit(walk.ok ? 0 : 1);
} catch (error) {
  console.error(`Could not read the ledger: ${(error as Error).message}`);
  process.exit(2);
}
