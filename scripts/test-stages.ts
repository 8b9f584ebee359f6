/**
 * npm test: the checks and the Vitest projects as timed stages, in order, stopping at the first that
 * fails; each stage's time is printed at the end and written to test-results/stage-times.txt (which
 * `.ci/run` prints with the install's).
 *
 *   npm test
 *   npx tsx scripts/test-stages.ts unit infra     # only the stages named
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./local/paths.ts";

/** Each stage is npm scripts run one after the other. */
const STAGES: Array<[stage: string, scripts: string[]]> = [
  ["checks", ["lint", "typecheck", "check:imports", "check:unused", "check:budgets"]],
  ["unit", ["test:unit"]],
  ["infra", ["test:infra"]],
  ["integration", ["test:integration"]],
  ["e2e", ["test:e2e"]],
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !STAGES.some(([stage]) => stage === name));
if (unknown.length)
  throw new Error(`No stage ${unknown.join(", ")}: the stages are ${STAGES.map(([s]) => s).join(", ")}`);

const times: string[] = [];
let failed: string | null = null;
for (const [stage, scripts] of STAGES) {
  if (only.length && !only.includes(stage)) continue;
  const started = Date.now();
  for (const script of scripts) {
    const { status } = spawnSync("npm", ["run", script], { cwd: repoRoot, stdio: "inherit" });
    if (status !== 0) {
      failed = `${stage} (npm run ${script})`;
      break;
    }
  }
  times.push(`${stage.padEnd(12)} ${Math.round((Date.now() - started) / 1000)} s${failed ? "  FAILED" : ""}`);
  if (failed) break;
}

const report = times.join("\n");
mkdirSync(join(repoRoot, "test-results"), { recursive: true });
writeFileSync(join(repoRoot, "test-results", "stage-times.txt"), `${report}\n`);
console.log(`\nStage times:\n${report}${failed ? `\nFailed: ${failed}` : ""}`);
process.exit(failed ? 1 : 0);
