/**
 * npx tsx scripts/table-access-report.ts <dir>: merges what RECORD_TABLE_ACCESS=<dir> recorded in an
 * integration run (tests/integration/support/record-table-access.ts) into one map, handler -> the
 * (action, key prefix) pairs it used, and prints it as JSON.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) {
  console.error("Usage: npx tsx scripts/table-access-report.ts <dir>");
  process.exit(2);
}
const merged = new Map<string, Set<string>>();
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const part = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, string[]>;
  for (const [handler, touches] of Object.entries(part)) {
    const set = merged.get(handler) ?? new Set<string>();
    for (const touch of touches) set.add(touch);
    merged.set(handler, set);
  }
}
const sorted = [...merged].sort(([a], [b]) => a.localeCompare(b));
console.log(JSON.stringify(Object.fromEntries(sorted.map(([id, set]) => [id, [...set].sort()])), null, 2));
