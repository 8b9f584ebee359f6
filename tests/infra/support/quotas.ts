import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { CfnJson } from "./synth.ts";

/**
 * CloudFormation's per-template quotas ("Understand CloudFormation quotas" in its user guide), every
 * template held to them, nested stacks' included. Resources are held to 300 of the hard limit's 500:
 * the room for new routes and functions that splitting the app into stacks bought (docs/deploy.md,
 * "Stacks").
 */
export const TEMPLATE_QUOTAS = {
  dynamicReferences: 60,
  resources: 300,
  /** Bytes of a template uploaded through S3 (cdk deploy always uploads it). */
  templateBytes: 1_000_000,
  outputs: 200,
  parameters: 200,
} as const;

export interface TemplateFile {
  /** The file name in the cloud assembly (nested stacks included). */
  name: string;
  path: string;
  bytes: number;
  json: CfnJson;
}

/** Every template of a cloud assembly, nested stacks' included. */
export function templatesIn(assemblyDir: string): TemplateFile[] {
  return readdirSync(assemblyDir)
    .filter((name) => name.endsWith(".template.json"))
    .map((name) => {
      const path = join(assemblyDir, name);
      return { name, path, bytes: statSync(path).size, json: JSON.parse(readFileSync(path, "utf8")) };
    });
}

export interface TemplateUsage {
  dynamicReferences: number;
  resources: number;
  templateBytes: number;
  outputs: number;
  parameters: number;
}

export function usageOf(template: TemplateFile): TemplateUsage {
  const text = JSON.stringify(template.json);
  return {
    dynamicReferences: text.match(/\{\{resolve:/g)?.length ?? 0,
    resources: Object.keys(template.json.Resources ?? {}).length,
    templateBytes: template.bytes,
    outputs: Object.keys(template.json.Outputs ?? {}).length,
    parameters: Object.keys(template.json.Parameters ?? {}).length,
  };
}

/** The quotas a template exceeds, as "quota: used > limit". */
export function quotaBreaches(usage: TemplateUsage): string[] {
  return (Object.keys(TEMPLATE_QUOTAS) as (keyof TemplateUsage)[])
    .filter((quota) => usage[quota] > TEMPLATE_QUOTAS[quota])
    .map((quota) => `${quota}: ${usage[quota]} > ${TEMPLATE_QUOTAS[quota]}`);
}

/** Properties that name a resource in the account and region (two stages side by side must not share one). */
const NAME_PROPERTIES = new Set([
  "TableName",
  "BucketName",
  "FunctionName",
  "QueueName",
  "LogGroupName",
  "TopicName",
  "AlarmName",
  "RoleName",
  "EmailIdentity",
  // Secrets, schedule groups, SES configuration sets, Web ACLs, CloudFront functions, APIs.
  "Name",
]);

export interface NamedResource {
  logicalId: string;
  type: string;
  /** The name as the template writes it (JSON: a string, or a Fn::Join). */
  name: string;
  /** What CloudFormation does with it when the stack is deleted ("Delete" when the template says nothing). */
  deletionPolicy: string;
}

/**
 * The resources a template names: the properties above when the template sets them (a string or a
 * string built with Fn::Join; a Ref or GetAtt only points at a resource named elsewhere), and the name
 * inside a CloudFront policy's configuration.
 */
/** Names unique only within their parent (a channel namespace within its own Event API). */
const NAMES_SCOPED_TO_A_PARENT = new Set(["AWS::AppSync::ChannelNamespace"]);

export function namedResources(json: CfnJson): NamedResource[] {
  const named: NamedResource[] = [];
  const given = (value: unknown) =>
    typeof value === "string" || (typeof value === "object" && value !== null && "Fn::Join" in value);
  for (const [logicalId, resource] of Object.entries(json.Resources ?? {}) as [string, CfnJson][]) {
    if (NAMES_SCOPED_TO_A_PARENT.has(resource.Type)) continue;
    const props = resource.Properties ?? {};
    const add = (value: unknown) =>
      named.push({
        logicalId,
        type: resource.Type,
        name: JSON.stringify(value),
        deletionPolicy: resource.DeletionPolicy ?? "Delete",
      });
    for (const [key, value] of Object.entries(props)) {
      if (NAME_PROPERTIES.has(key) && given(value)) add(value);
    }
    for (const config of ["CachePolicyConfig", "OriginRequestPolicyConfig", "ResponseHeadersPolicyConfig"]) {
      if (given(props[config]?.Name)) add(props[config].Name);
    }
  }
  return named;
}

/** The names a template gives its resources, as "type name". */
export function physicalNames(json: CfnJson): string[] {
  return namedResources(json).map((r) => `${r.type} ${r.name}`);
}

/** Where cfn-lint is on the PATH (pip install cfn-lint), else undefined. */
export function cfnLintVersion(): string | undefined {
  const probe = spawnSync("cfn-lint", ["--version"], { encoding: "utf8" });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

export interface LintMatch {
  Level: string;
  Message: string;
  Rule: { Id: string };
  Filename: string;
  Location: { Path?: (string | number)[] };
}

/** cfn-lint's findings over templates, for the regions they deploy to. */
export function cfnLint(paths: string[], regions: string[]): LintMatch[] {
  const run = spawnSync("cfn-lint", ["--format", "json", "--regions", ...regions, "--", ...paths], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  // Exit codes are a bit mask of the levels found (2 errors, 4 warnings, 8 informational); 1 is a crash.
  if (run.status === 1 || run.stdout.trim() === "") {
    throw new Error(`cfn-lint failed (${run.status}): ${run.stderr}`);
  }
  return JSON.parse(run.stdout) as LintMatch[];
}
