/**
 * npm run verify:ledger -- <auctionId | ledger.json> [--api URL]
 * Recomputes an auction's hash-chained bid ledger and says OK or where it breaks (exit 1 when broken).
 * An auction id is fetched from the public API (default http://localhost:5173, or LEDGER_API); a file
 * is a saved answer of GET /api/auctions/{id}/ledger.
 */
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { checkLedgerDocument, describeCheck } from "./ledger/check-document.ts";

const { values, positionals } = parseArgs({
  options: { api: { type: "string" } },
  allowPositionals: true,
});
const target = positionals[0];
if (!target) {
  console.error("Usage: npm run verify:ledger -- <auctionId | ledger.json> [--api URL]");
  process.exit(2);
}

async function load(): Promise<unknown> {
  if (existsSync(target!)) return JSON.parse(readFileSync(target!, "utf8"));
  const api = (values.api ?? process.env.LEDGER_API ?? "http://localhost:5173").replace(/\/$/, "");
  const res = await fetch(`${api}/api/auctions/${encodeURIComponent(target!)}/ledger`);
  if (!res.ok) throw new Error(`${api} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

try {
  const check = checkLedgerDocument(await load());
  console.log(describeCheck(check));
  process.exit(check.ok ? 0 : 1);
} catch (error) {
  console.error(`Could not read the ledger: ${(error as Error).message}`);
  process.exit(2);
}
