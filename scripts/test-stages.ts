/**
 * npm test: the checks and the Vitest projects as timed stages, in order, stopping at the first that
 * fails; each stage's time is printed at the end and written to test-results/stage-times.txt (which
 * `.ci/run` prints with the install's).
 *
 *   npm test
 *   npx tsx scripts/test-stages.ts unit infra     # only the stages named
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./local/paths.ts";

/**
 * Each stage is npm scripts. The checks only read the repository (the budgets build into a temporary
 * directory), so they run side by side, as many at a time as there are cores, the longest first: on 2
 * cores, tsc's single thread beside the rest. The test stages run their one script.
 */
const STAGES: Array<[stage: string, scripts: string[]]> = [
  ["checks", ["typecheck", "check:budgets", "check:unused", "check:imports", "lint"]],
  ["unit", ["test:unit"]],
  ["infra", ["test:infra"]],
  ["integration", ["test:integration"]],
  ["e2e", ["test:e2e"]],
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !STAGES.some(([stage]) => stage === name));
if (unknown.length)
  throw new Error(`No stage ${unknown.join(", ")}: the stages are ${STAGES.map(([s]) => s).join(", ")}`);

/** One script, its output held and printed whole when it ends (side by side, lines would interleave). */
function runHeld(script: string): Promise<{ script: string; status: number | null; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (status) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(Buffer.concat(output));
      console.log(`[checks] npm run ${script}: ${status === 0 ? "passed" : "FAILED"} in ${seconds} s\n`);
      resolve({ script, status, seconds });
    });
  });
}

/** The scripts side by side, at most `limit` at a time; answers the first (in `scripts` order) that failed. */
async function runSideBySide(scripts: string[], limit: number): Promise<string | null> {
  const queue = [...scripts];
  const results: Array<{ script: string; status: number | null }> = [];
  const lane = async () => {
    for (let script = queue.shift(); script; script = queue.shift()) results.push(await runHeld(script));
  };
  await Promise.all(Array.from({ length: Math.min(limit, scripts.length) }, lane));
  return scripts.find((script) => results.find((r) => r.script === script)?.status !== 0) ?? null;
}

const times: string[] = [];
let failed: string | null = null;
for (const [stage, scripts] of STAGES) {
  if (only.length && !only.includes(stage)) continue;
  const started = Date.now();
  if (scripts.length > 1) {
    const failing = await runSideBySide(scripts, Math.max(1, availableParallelism()));
    if (failing) failed = `${stage} (npm run ${failing})`;
  } else {
    for (const script of scripts) {
      const { status } = spawnSync("npm", ["run", script], { cwd: repoRoot, stdio: "inherit" });
      if (status !== 0) {
        failed = `${stage} (npm run ${script})`;
        break;
      }
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
