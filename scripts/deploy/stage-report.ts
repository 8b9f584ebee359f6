import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App } from "aws-cdk-lib";
import { projectRoot } from "../../infra/bundling.ts";
import { addNagPacks } from "../../infra/nag.ts";
import { addStage } from "../../infra/stage.ts";

/**
 * docs/deploy.md's resource counts and cost at rest, read from synthesized cloud assemblies: the stages
 * below, each synthesized as `npx cdk synth -c stage=... -c region=...` does it with the web built (as
 * `npm run deploy` has it). `npm run report:stages` writes the tables into the doc;
 * tests/infra/deploy-docs.test.ts fails when the doc and the synth differ.
 */
export const REPORT_STAGES = [
  { label: "dev", context: { stage: "dev", region: "us-east-1" } },
  { label: "prod", context: { stage: "prod", region: "us-east-1" } },
  { label: "prod in eu-west-1", context: { stage: "prod", region: "eu-west-1" } },
  {
    label: "prod, `-c lambdaAlarms=region`",
    context: { stage: "prod", region: "us-east-1", lambdaAlarms: "region" },
  },
] as const;

export type ReportStage = (typeof REPORT_STAGES)[number]["label"];

/** What the CDK CLI adds to every synthesis: construct and asset paths in the templates, CDK's metadata resource. */
const CLI_CONTEXT = {
  "aws:cdk:enable-path-metadata": true,
  "aws:cdk:enable-asset-metadata": true,
  "aws:cdk:version-reporting": true,
};

/**
 * One report stage synthesized in-process (cdk.json's context, the stage's, the CLI's), against a
 * stand-in of the web build (an index page and a hashed asset: what the site's publishing makes of
 * any build), so the counts do not depend on whether someone ran `npm run build:web`. Returns the
 * cloud assembly's directory.
 */
export function synthReportStage(context: Record<string, unknown>): string {
  const webDist = mkdtempSync(join(tmpdir(), "penny-report-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(join(webDist, "assets", "index-abc123.js"), "console.log(1)");
  const outdir = mkdtempSync(join(tmpdir(), "penny-report-"));
  const cdkJson = JSON.parse(readFileSync(join(projectRoot, "cdk.json"), "utf8")).context;
  const app = new App({ outdir, context: { ...cdkJson, ...context, ...CLI_CONTEXT } });
  addNagPacks(app);
  addStage(app, { webDistDir: webDist });
  app.synth();
  return outdir;
}

/** us-east-1 list prices, per month unless said. */
export const PRICES = {
  /** Each metric an alarm reads (a metric-math alarm pays for every metric in it); 10 free per account. */
  alarmMetric: 0.1,
  freeAlarmMetrics: 10,
  webAcl: 5,
  wafRule: 1,
  secret: 0.4,
  lambdaPerMillionRequests: 0.2,
  /** arm64, per GB-second. */
  lambdaGbSecond: 0.0000133334,
  sqsPerMillionRequests: 0.4,
  logIngestionPerGb: 0.5,
} as const;

/**
 * What the cost at rest assumes beyond the templates: a scheduled sweep that finds nothing runs about
 * 200 ms at the functions' 1024 MB and logs about 1 KB; an idle SQS event source keeps 5 long polls of
 * 20 s open (Lambda's pollers), 3 receives a minute each.
 */
const SWEEP_SECONDS = 0.2;
const SWEEP_GB = 1;
const SWEEP_LOG_KB = 1;
const IDLE_POLLERS = 5;
const MINUTES_PER_MONTH = 60 * 24 * 30;

// biome-ignore lint/suspicious/noExplicitAny: synthesized templates are untyped JSON.
type Json = any;

interface Template {
  file: string;
  json: Json;
}

function templates(assemblyDir: string): Template[] {
  return readdirSync(assemblyDir)
    .filter((f) => f.endsWith(".template.json"))
    .map((file) => ({ file, json: JSON.parse(readFileSync(join(assemblyDir, file), "utf8")) }));
}

const resourcesOf = (t: Template) => Object.values((t.json.Resources ?? {}) as Record<string, Json>);

/** Each template's resource count, by the row it has in the doc's table. */
export function stackCounts(assemblyDir: string): Map<string, number> {
  const all = templates(assemblyDir);
  const counts = new Map<string, number>();
  // A nested stack's row is its construct's name in the app stack (Api/Routes-admin, Notifications/Alerts).
  const nestedNames = new Map<string, string>();
  for (const t of all) {
    for (const r of resourcesOf(t)) {
      if (r.Type !== "AWS::CloudFormation::Stack") continue;
      const path = String(r.Metadata?.["aws:cdk:path"] ?? "");
      const name = path
        .split("/")
        .slice(1, -1)
        .join("/")
        .replace(/\.NestedStack$/, "");
      nestedNames.set(String(r.Metadata?.["aws:asset:path"]), name);
    }
  }
  for (const t of all) {
    const nested = nestedNames.get(t.file);
    const row = nested
      ? `nested ${nested}`
      : t.file.replace(/^PennyAuction-[a-z0-9-]+?(-data|-edge)?\.template\.json$/, "PennyAuction-<stage>$1");
    counts.set(row, resourcesOf(t).length);
  }
  return counts;
}

export interface RestCost {
  alarmMetrics: number;
  alarms: number;
  webAcls: number;
  wafRules: number;
  secrets: number;
  sweeps: { rates: string[]; invocations: number; dollars: number; logDollars: number };
  polledQueues: number;
  pollDollars: number;
  total: number;
}

/** Minutes between runs of `rate(n unit)`, undefined for other expressions. */
function rateMinutes(expression: string): number | undefined {
  const match = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (!match) return undefined;
  const unit = match[2]!.startsWith("minute") ? 1 : match[2]!.startsWith("hour") ? 60 : 1440;
  return Number(match[1]) * unit;
}

export function restCost(assemblyDir: string): RestCost {
  const resources = templates(assemblyDir).flatMap(resourcesOf);
  const ofType = (type: string) => resources.filter((r) => r.Type === type);
  const alarms = ofType("AWS::CloudWatch::Alarm");
  const alarmMetrics = alarms.reduce(
    (sum, a) =>
      sum + (a.Properties.Metrics ? a.Properties.Metrics.filter((m: Json) => m.MetricStat).length : 1),
    0,
  );
  const acls = ofType("AWS::WAFv2::WebACL");
  const wafRules = acls.reduce((sum, acl) => sum + (acl.Properties.Rules?.length ?? 0), 0);
  const secrets = ofType("AWS::SecretsManager::Secret").length;
  const rates = ofType("AWS::Events::Rule")
    .map((r) => r.Properties.ScheduleExpression as string | undefined)
    .filter((e): e is string => e !== undefined);
  const invocations = rates.reduce((sum, e) => sum + MINUTES_PER_MONTH / (rateMinutes(e) ?? Infinity), 0);
  const sweepDollars =
    (invocations / 1e6) * PRICES.lambdaPerMillionRequests +
    invocations * SWEEP_SECONDS * SWEEP_GB * PRICES.lambdaGbSecond;
  const logDollars = ((invocations * SWEEP_LOG_KB) / 1024 / 1024) * PRICES.logIngestionPerGb;
  // Event sources on SQS queues of the same template (the stream ones poll DynamoDB Streams, which Lambda does not charge).
  const polledQueues = templates(assemblyDir).reduce((sum, t) => {
    const byId = (t.json.Resources ?? {}) as Record<string, Json>;
    const polled = Object.values(byId).filter((r) => {
      const source = r.Type === "AWS::Lambda::EventSourceMapping" ? r.Properties.EventSourceArn : undefined;
      const id = source?.["Fn::GetAtt"]?.[0] ?? source?.Ref;
      return typeof id === "string" && byId[id]?.Type === "AWS::SQS::Queue";
    });
    return sum + polled.length;
  }, 0);
  const receives = polledQueues * IDLE_POLLERS * 3 * MINUTES_PER_MONTH;
  const pollDollars = (receives / 1e6) * PRICES.sqsPerMillionRequests;
  const alarmDollars = Math.max(0, alarmMetrics - PRICES.freeAlarmMetrics) * PRICES.alarmMetric;
  const wafDollars = acls.length * PRICES.webAcl + wafRules * PRICES.wafRule;
  const secretDollars = secrets * PRICES.secret;
  return {
    alarmMetrics,
    alarms: alarms.length,
    webAcls: acls.length,
    wafRules,
    secrets,
    sweeps: { rates, invocations, dollars: sweepDollars, logDollars },
    polledQueues,
    pollDollars,
    total: alarmDollars + wafDollars + secretDollars + sweepDollars + logDollars + pollDollars,
  };
}

/** "2 every 1 minute, 1 every 15 minutes" from the rules' rate expressions. */
function schedules(rates: string[]): string {
  const counts = new Map<string, number>();
  for (const rate of rates) {
    const every = rate.replace(/^rate\((.*)\)$/, "every $1");
    counts.set(every, (counts.get(every) ?? 0) + 1);
  }
  return [...counts].map(([every, n]) => `${n} ${every}`).join(", ");
}

const dollars = (n: number) => `$${n.toFixed(2)}`;
const thousands = (n: number) => Math.round(n).toLocaleString("en-US");

/** The "Stacks" table: every template of the stages, its resource count per stage. */
export function stacksTable(assemblies: Record<ReportStage, string>): string {
  const stages = REPORT_STAGES.slice(0, 3).map((s) => s.label);
  const counts = stages.map((s) => stackCounts(assemblies[s]));
  const rows = [...new Set(counts.flatMap((c) => [...c.keys()]))].sort(
    (a, b) => order(a) - order(b) || a.localeCompare(b),
  );
  const lines = [
    `| Template | Holds | Resources: ${stages.join(" / ")} |`,
    "|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${rowName(row)} | ${HOLDS[row.startsWith("nested Api/") ? "nested Api/" : row] ?? ""} | ${counts.map((c) => c.get(row) ?? "–").join(" / ")} |`,
    ),
  ];
  return lines.join("\n");
}

function order(row: string): number {
  if (row.endsWith("-data")) return 0;
  if (row === "PennyAuction-<stage>") return 1;
  if (row.startsWith("nested ")) return 2;
  return 3;
}

function rowName(row: string): string {
  if (row.startsWith("nested ")) return `↳ nested \`${row.slice("nested ".length)}\``;
  return row.endsWith("-edge") ? `\`${row}\` (us-east-1)` : `\`${row}\``;
}

const HOLDS: Record<string, string> = {
  "PennyAuction-<stage>-data": "The table, the media bucket, the origin secret",
  "PennyAuction-<stage>":
    "Functions, the HTTP API and the Event API, queues, schedules, alarms, emails, CloudFront with the site and log buckets, WAF (CloudFront's in us-east-1, the Event API's regional)",
  "nested Api/": "That HTTP API area's routes, integrations, functions, roles, permissions",
  "nested Notifications/Alerts": "The ending-soon alerts' sweep: its rule, function and role",
  "PennyAuction-<stage>-edge": "CloudFront's Web ACL, for a stage with WAF outside us-east-1",
};

/** The "What it costs at rest" table, from the templates, for the stages beside each other. */
export function costTable(assemblies: Record<ReportStage, string>): string {
  const stages = [REPORT_STAGES[0], REPORT_STAGES[1], REPORT_STAGES[3]].map((s) => s.label);
  const costs = stages.map((s) => restCost(assemblies[s]));
  const row = (item: string, cell: (c: RestCost) => string) => `| ${item} | ${costs.map(cell).join(" | ")} |`;
  return [
    `| At rest, per month | ${stages.join(" | ")} |`,
    `|---|${stages.map(() => "---").join("|")}|`,
    row(
      "CloudWatch alarms ($0.10 per alarm metric, 10 free)",
      (c) =>
        `${c.alarms} alarms, ${c.alarmMetrics} metrics: ${dollars(Math.max(0, c.alarmMetrics - PRICES.freeAlarmMetrics) * PRICES.alarmMetric)}`,
    ),
    row("AWS WAF ($5 per Web ACL, $1 per rule; $0.60 per million requests)", (c) =>
      c.webAcls
        ? `${c.webAcls} ACL, ${c.wafRules} rules: ${dollars(c.webAcls * PRICES.webAcl + c.wafRules * PRICES.wafRule)}`
        : "–",
    ),
    row("Secrets Manager ($0.40 per secret: the origin secret)", (c) => dollars(c.secrets * PRICES.secret)),
    row(
      "Scheduled sweeps (Lambda, 200 ms at 1 GB each; within Lambda's free tier)",
      (c) =>
        `${schedules(c.sweeps.rates)}: ${thousands(c.sweeps.invocations)} runs, ${dollars(c.sweeps.dollars)}`,
    ),
    row("Their logs ($0.50 per GB ingested, about 1 KB a run)", (c) => dollars(c.sweeps.logDollars)),
    row(
      "SQS long polling by Lambda (5 pollers, 20 s polls; first million requests free)",
      (c) =>
        `${c.polledQueues} queue${c.polledQueues === 1 ? "" : "s"}, ${thousands(c.polledQueues * IDLE_POLLERS * 3 * MINUTES_PER_MONTH)} receives: ${dollars(c.pollDollars)}`,
    ),
    row("**Total** (before free tiers but the alarms')", (c) => `**${dollars(c.total)}**`),
  ].join("\n");
}

export const MARKERS = {
  stacks: ["<!-- stage-report:stacks -->", "<!-- /stage-report:stacks -->"],
  cost: ["<!-- stage-report:cost -->", "<!-- /stage-report:cost -->"],
} as const;

/** The doc with both tables replaced between their markers. */
export function withTables(doc: string, tables: Record<keyof typeof MARKERS, string>): string {
  let out = doc;
  for (const key of Object.keys(MARKERS) as (keyof typeof MARKERS)[]) {
    const [start, end] = MARKERS[key];
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/deploy.md has no ${start} ... ${end}`);
    out = `${out.slice(0, from + start.length)}\n${tables[key]}\n${out.slice(to)}`;
  }
  return out;
}
