import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readStageConfig, type StageConfig } from "../../infra/config.ts";
import { repoRoot } from "../local/paths.ts";

/**
 * The deploy helpers (preflight, rotation) take the same `-c key=value` arguments as `cdk deploy`, over
 * cdk.json's context, so they see the stage exactly as the CDK app will.
 */
export interface StageContext {
  config: StageConfig;
  /** Every `-c` argument, to hand on to `cdk deploy`. */
  args: string[];
  region?: string;
  account?: string;
}

export function parseContextArgs(argv: readonly string[]): Record<string, string> {
  const context: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const inline = /^(?:-c|--context)=(.*)$/.exec(arg)?.[1];
    const pair = inline ?? (arg === "-c" || arg === "--context" ? argv[++i] : undefined);
    if (pair === undefined) continue;
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new Error(`"${pair}" is not key=value`);
    context[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return context;
}

export function stageContext(argv: readonly string[]): StageContext {
  const given = parseContextArgs(argv);
  const cdkJson = JSON.parse(readFileSync(join(repoRoot, "cdk.json"), "utf8")).context as Record<
    string,
    unknown
  >;
  const read = (key: string) => (key in given ? given[key] : cdkJson[key]);
  return {
    config: readStageConfig(read),
    args: Object.entries(given).flatMap(([key, value]) => ["-c", `${key}=${value}`]),
    region: given.region,
    account: given.account,
  };
}
