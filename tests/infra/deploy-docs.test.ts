/**
 * docs/deploy.md's resource counts and cost at rest are the synth's: the stages of
 * scripts/deploy/stage-report.ts, synthesized here, give the doc's tables exactly (`npm run
 * report:stages` rewrites them).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  costTable,
  MARKERS,
  REPORT_STAGES,
  type ReportStage,
  restCost,
  stackCounts,
  stacksTable,
  synthReportStage,
  withTables,
} from "../../scripts/deploy/stage-report.ts";

const assemblies = {} as Record<ReportStage, string>;
const doc = readFileSync(join(import.meta.dirname, "../../docs/deploy.md"), "utf8");

beforeAll(() => {
  for (const { label, context } of REPORT_STAGES) assemblies[label] = synthReportStage(context);
}, 600_000);

describe("docs/deploy.md against the synth", () => {
  it("lists every template of dev, prod and prod in eu-west-1 with its resource count", () => {
    const [start, end] = MARKERS.stacks;
    const table = stacksTable(assemblies);
    expect(doc.slice(doc.indexOf(start) + start.length, doc.indexOf(end)).trim()).toBe(table);
    // Every nested stack has its row, the push, watchlist and alerts ones included.
    for (const nested of ["Api/Routes-push", "Api/Routes-watchlist", "Notifications/Alerts"]) {
      expect(table).toContain(`\`${nested}\``);
    }
    expect(stackCounts(assemblies["prod in eu-west-1"]).get("PennyAuction-<stage>-edge")).toBeGreaterThan(0);
  });

  it("gives the cost at rest of dev, prod and prod with regional Lambda alarms as the templates make it", () => {
    const [start, end] = MARKERS.cost;
    expect(doc.slice(doc.indexOf(start) + start.length, doc.indexOf(end)).trim()).toBe(costTable(assemblies));
    const prod = restCost(assemblies.prod);
    const regional = restCost(assemblies["prod, `-c lambdaAlarms=region`"]);
    // Per-function alarms read every function's errors and throttles; the regional option two metrics.
    expect(prod.alarmMetrics).toBeGreaterThan(regional.alarmMetrics + 100);
    expect(prod.total).toBeGreaterThan(regional.total);
    // CloudFront's and the Event API's.
    expect(prod).toMatchObject({ webAcls: 2, secrets: 1 });
    expect(restCost(assemblies.dev)).toMatchObject({ webAcls: 0, secrets: 1 });
  });

  it("rewrites only what is between the markers", () => {
    const rewritten = withTables(doc, { stacks: "S", cost: "C" });
    expect(rewritten).toContain(`${MARKERS.stacks[0]}\nS\n${MARKERS.stacks[1]}`);
    expect(rewritten.replace(/<!-- stage-report:(\w+) -->[\s\S]*?<!-- \/stage-report:\1 -->/g, "")).toBe(
      doc.replace(/<!-- stage-report:(\w+) -->[\s\S]*?<!-- \/stage-report:\1 -->/g, ""),
    );
  });
});
