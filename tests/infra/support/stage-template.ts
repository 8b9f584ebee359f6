import { readFileSync } from "node:fs";
import { join } from "node:path";
import { NestedStack, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import type { CfnJson } from "./synth.ts";

const NESTED_STACK = "AWS::CloudFormation::Stack";

/**
 * The stage's stacks in one region as one template (the first stack's, with the others' resources and
 * its nested stacks' merged in): a nested stack's parameters replaced by the values its parent passes,
 * a parent's `Outputs.X` of a nested stack by that output's value, and an `Fn::ImportValue` by what the
 * exporting stack exports. The tests ask what a stage deploys and how its resources point at each
 * other, not in which template CloudFormation holds them (each template's own limits: support/quotas.ts).
 */
export function stageTemplate(assemblyDir: string, stacks: readonly Stack[]): CfnJson {
  const templates = stacks.map((stack) =>
    merged(assemblyDir, Template.fromStack(stack).toJSON(), nestedTemplateFiles(stack)),
  );
  const exports = new Map<string, unknown>();
  for (const template of templates) {
    for (const output of Object.values(template.Outputs ?? {}) as CfnJson[]) {
      if (typeof output.Export?.Name === "string") exports.set(output.Export.Name, output.Value);
    }
  }
  const [main, ...others] = templates;
  const resources = Object.assign({}, ...others.map((t) => t.Resources), main.Resources);
  return { ...main, Resources: replaceImports(resources, exports) };
}

function replaceImports(value: unknown, exports: Map<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceImports(v, exports));
  if (!value || typeof value !== "object") return value;
  const name = (value as CfnJson)["Fn::ImportValue"];
  if (typeof name === "string" && exports.has(name)) return exports.get(name);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceImports(v, exports)]));
}

/** The template file of each nested stack under `stack`, by its logical id in its parent. */
function nestedTemplateFiles(stack: Stack): Map<string, string> {
  const files = new Map<string, string>();
  for (const c of stack.node.findAll()) {
    if (!(c instanceof NestedStack) || !c.nestedStackResource) continue;
    files.set(Stack.of(c.nestedStackResource).getLogicalId(c.nestedStackResource), c.templateFile);
  }
  return files;
}

function merged(assemblyDir: string, json: CfnJson, files: Map<string, string>): CfnJson {
  const resources: Record<string, CfnJson> = {};
  const outputs: Record<string, Record<string, unknown>> = {};
  for (const [id, resource] of Object.entries(json.Resources ?? {}) as [string, CfnJson][]) {
    const file = files.get(id);
    if (resource.Type !== NESTED_STACK || !file) {
      resources[id] = resource;
      continue;
    }
    const nested = merged(assemblyDir, JSON.parse(readFileSync(join(assemblyDir, file), "utf8")), files);
    const parameters: Record<string, unknown> = resource.Properties?.Parameters ?? {};
    const passed = (value: unknown) => replace(value, (ref) => parameters[ref]);
    Object.assign(resources, passed(nested.Resources));
    outputs[id] = Object.fromEntries(
      Object.entries(nested.Outputs ?? {}).map(([name, output]) => [name, passed((output as CfnJson).Value)]),
    );
  }
  // An output may be passed on as another nested stack's parameter: resolve until none is left.
  let all: unknown = resources;
  for (let depth = 0; depth < 4; depth++) all = replaceOutputs(all, outputs);
  return { ...json, Resources: all };
}

/** `value` with every `{Ref: name}` that `lookup` knows replaced by what it returns. */
function replace(value: unknown, lookup: (ref: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => replace(v, lookup));
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === "Ref" && typeof entries[0]![1] === "string") {
    const found = lookup(entries[0]![1]);
    if (found !== undefined) return found;
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, replace(v, lookup)]));
}

function replaceOutputs(value: unknown, outputs: Record<string, Record<string, unknown>>): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceOutputs(v, outputs));
  if (!value || typeof value !== "object") return value;
  const getAtt = (value as CfnJson)["Fn::GetAtt"];
  if (Array.isArray(getAtt) && Object.keys(value).length === 1) {
    const [id, attribute] = getAtt as [string, string];
    const name = attribute.startsWith("Outputs.") ? attribute.slice("Outputs.".length) : undefined;
    const found = name ? outputs[id]?.[name] : undefined;
    if (found !== undefined) return found;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceOutputs(v, outputs)]));
}
