/**
 * npm run bench:cold-start — how long each Lambda bundle takes to load (its module init: the part of a
 * cold start the code controls; the runtime's own start and the network are not in it).
 *
 * Bundles every function exactly as the CDK app does (infra/bundling.ts), then imports each bundle in
 * a fresh Node process BENCH_RUNS times (default 5) and takes the median. The AWS SDK is inside each
 * bundle (infra/bundling.ts), so its parse is in the figure.
 * Fails (exit 1) when a function's median is over COLD_START_BUDGET_MS.
 *
 *   npm run bench:cold-start
 *   BENCH_RUNS=9 npm run bench:cold-start
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildSync } from "esbuild";
import { knownHandlerIds } from "../../infra/access.ts";
import { bundleHandlers, esbuildOptions, projectRoot } from "../../infra/bundling.ts";
import { percentile } from "./support.ts";

/** Median module init of any one function, on this machine (Node 24, 2 cores). */
export const COLD_START_BUDGET_MS = 250;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

// Inside node_modules, as the other bundle checks (nothing is left external).
const cache = join(projectRoot, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const outdir = mkdtempSync(join(cache, "cold-start-"));

const env = {
  ...process.env,
  AWS_REGION: "us-east-1",
  AWS_ACCESS_KEY_ID: "local",
  AWS_SECRET_ACCESS_KEY: "local",
  TABLE_NAME: "cold-start",
  PAYMENT_PROVIDER: "local",
  POWERTOOLS_LOG_LEVEL: "ERROR",
};
const IMPORT_TIMER =
  "const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));";

function initMs(file: string): number {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", IMPORT_TIMER, file], {
    env,
    encoding: "utf8",
  });
  return Number(out);
}

/**
 * What validation costs by itself, for scale: every module of shared/schemas (zod with them) in one
 * bundle built as a function's is, so zod counts as the functions carry it, not as its package loads.
 */
function bundleSchemas(): string {
  const dir = join(projectRoot, "shared", "schemas");
  // Not zod.ts's own namespace: it re-exports all of zod, more than any function takes.
  const modules = readdirSync(dir).filter((name) => name.endsWith(".ts") && name !== "zod.ts");
  const entry = join(outdir, ".entries", "schemas.ts");
  mkdirSync(dirname(entry), { recursive: true });
  writeFileSync(
    entry,
    [
      ...modules.map((name, i) => `import * as m${i} from ${JSON.stringify(join(dir, name))};`),
      `export const modules = [${modules.map((_, i) => `m${i}`).join(", ")}];`,
    ].join("\n"),
  );
  buildSync({ ...esbuildOptions([], outdir), entryPoints: [{ in: entry, out: "schemas/index" }] });
  return join(outdir, "schemas", "index.mjs");
}

try {
  const handlerIds = [...knownHandlerIds()].sort();
  bundleHandlers(handlerIds, outdir);
  const rows = handlerIds.map((handlerId) => {
    const file = join(outdir, handlerId, "index.mjs");
    const times = Array.from({ length: RUNS }, () => initMs(file));
    return { handlerId, median: percentile(times, 50), max: Math.max(...times) };
  });
  const schemas = bundleSchemas();
  const validation = percentile(
    Array.from({ length: RUNS }, () => initMs(schemas)),
    50,
  );
  rows.sort((a, b) => b.median - a.median);
  console.log(`\nModule init per bundle, median of ${RUNS} fresh processes (ms), slowest first:`);
  for (const row of rows) {
    const over = row.median > COLD_START_BUDGET_MS ? "  OVER" : "";
    console.log(
      `  ${row.handlerId.padEnd(40)} ${row.median.toFixed(1).padStart(7)}  (max ${row.max.toFixed(1)})${over}`,
    );
  }
  const medians = rows.map((r) => r.median);
  console.log(
    `\n${rows.length} functions: median ${percentile(medians, 50).toFixed(1)} ms, slowest ${rows[0]!.median.toFixed(1)} ms (${rows[0]!.handlerId}); every shared schema bundled alone ${validation.toFixed(1)} ms; budget ${COLD_START_BUDGET_MS} ms`,
  );
  const over = rows.filter((r) => r.median > COLD_START_BUDGET_MS);
  if (over.length) {
    console.error(`Over the budget: ${over.map((r) => r.handlerId).join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
