/**
 * npm run bench:cold-start — how long each Lambda bundle takes to load (its module init: the part of a
 * cold start the code controls; the runtime's own start and the network are not in it).
 *
 * Bundles every function exactly as the CDK app does (infra/bundling.ts), then imports each bundle in
 * a fresh Node process BENCH_RUNS times (default 5) and takes the median. The AWS SDK is external to
 * the bundles (the Lambda runtime provides it), so it is loaded from node_modules here, as there.
 * Fails (exit 1) when a function's median is over COLD_START_BUDGET_MS.
 *
 *   npm run bench:cold-start
 *   BENCH_RUNS=9 npm run bench:cold-start
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { knownHandlerIds } from "../../infra/access.ts";
import { bundleHandlers, projectRoot } from "../../infra/bundling.ts";
import { percentile } from "./support.ts";

/** Median module init of any one function, on this machine (Node 24, 2 cores). */
export const COLD_START_BUDGET_MS = 250;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

// Inside node_modules, so the bundles' external imports (the AWS SDK) resolve as on Lambda.
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

try {
  const handlerIds = [...knownHandlerIds()].sort();
  bundleHandlers(handlerIds, outdir);
  const rows = handlerIds.map((handlerId) => {
    const file = join(outdir, handlerId, "index.mjs");
    const times = Array.from({ length: RUNS }, () => initMs(file));
    return { handlerId, median: percentile(times, 50), max: Math.max(...times) };
  });
  // What the validation library costs by itself, for scale: zod 4 mini whole (a bundle carries only
  // the parts it uses) against zod 3, which zod 4 still ships as zod/v3.
  const alone = (entry: string) =>
    percentile(
      Array.from({ length: RUNS }, () => initMs(join(projectRoot, "node_modules", "zod", entry))),
      50,
    );
  const zodMini = alone("mini/index.js");
  const zod3 = alone("v3/index.js");
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
    `\n${rows.length} functions: median ${percentile(medians, 50).toFixed(1)} ms, slowest ${rows[0]!.median.toFixed(1)} ms (${rows[0]!.handlerId}); zod 4 mini alone ${zodMini.toFixed(1)} ms (zod 3 alone ${zod3.toFixed(1)} ms); budget ${COLD_START_BUDGET_MS} ms`,
  );
  const over = rows.filter((r) => r.median > COLD_START_BUDGET_MS);
  if (over.length) {
    console.error(`Over the budget: ${over.map((r) => r.handlerId).join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
