/**
 * npm run report:stages [-- --check]
 *
 * Synthesizes the stages of docs/deploy.md's tables (scripts/deploy/stage-report.ts), offline and
 * in-process, and
 * writes their resource counts and cost at rest into the doc; with --check, only says whether the doc
 * is up to date (exit 1 when not).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  costTable,
  REPORT_STAGES,
  type ReportStage,
  stacksTable,
  synthReportStage,
  withTables,
} from "./deploy/stage-report.ts";
import { repoRoot } from "./local/paths.ts";

const assemblies = {} as Record<ReportStage, string>;
for (const { label, context } of REPORT_STAGES) {
  console.log(`synthesizing ${label}`);
  assemblies[label] = synthReportStage(context);
}
const docPath = join(repoRoot, "docs", "deploy.md");
const doc = readFileSync(docPath, "utf8");
const updated = withTables(doc, { stacks: stacksTable(assemblies), cost: costTable(assemblies) });
if (process.argv.includes("--check")) {
  console.log(
    updated === doc ? "docs/deploy.md matches the synth." : "docs/deploy.md differs: npm run report:stages",
  );
  process.exit(updated === doc ? 0 : 1);
}
writeFileSync(docPath, updated);
console.log(updated === doc ? "docs/deploy.md was up to date." : "docs/deploy.md updated.");
