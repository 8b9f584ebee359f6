import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { projectRoot } from "../../../infra/bundling.ts";
import { addNagPacks } from "../../../infra/nag.ts";
import type { PennyAuctionStack } from "../../../infra/stack.ts";
import { addStage } from "../../../infra/stage.ts";
import { stageTemplate } from "./stage-template.ts";

/** A stand-in Vite build: tests must not depend on whether someone ran the web build. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "penny-web-dist-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log(1)");
  return dir;
}

// biome-ignore lint/suspicious/noExplicitAny: a synthesized CloudFormation template is untyped JSON, read by path.
export type CfnJson = any;

export interface Synthesized {
  stack: PennyAuctionStack;
  /** The stage's app and data stacks, nested stacks included, as one template (support/stage-template.ts). */
  template: Template;
  /** The same, raw, for questions the matchers cannot ask. */
  json: {
    Resources: Record<string, { Type: string; Properties?: CfnJson; DeletionPolicy?: string }>;
  } & Record<string, CfnJson>;
  /** The cloud assembly's directory: every template of the stage, as `cdk deploy` would upload them. */
  assemblyDir: string;
  /**
   * What the validation plugins (cdk-nag's AwsSolutions and Serverless packs, CloudFormation's own
   * checks) reported and nobody acknowledged, errors and warnings alike: "rule at construct path".
   */
  findings: string[];
}

/** The context cdk.json gives every `cdk` command. */
export function cdkJsonContext(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(projectRoot, "cdk.json"), "utf8")).context;
}

/** Synthesizes one stage in-process, as `cdk synth -c ...` would: cdk.json's context plus `context`. */
export function synthStage(
  context: Record<string, unknown>,
  options: { webDistDir?: string } = {},
): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), "penny-cdk-out-"));
  const app = new App({
    outdir,
    // Report every finding in validation-report.json instead of throwing on the first synthesis,
    // so a test can list them all.
    context: { ...cdkJsonContext(), ...context, "@aws-cdk/core:failSynthOnValidationErrors": false },
  });
  addNagPacks(app);
  const stack = addStage(app, { webDistDir: options.webDistDir ?? fakeWebDist() });
  // The app stack first (its outputs and rules), then the stage's other stacks in its region (the data).
  const regional = app.node.children.filter(
    (c): c is Stack => Stack.isStack(c) && c !== stack && c.region === stack.region,
  );
  const json = stageTemplate(outdir, [stack, ...regional]);
  return {
    stack,
    template: Template.fromJSON(json, { skipCyclicalDependenciesCheck: true }),
    json,
    assemblyDir: outdir,
    ...validationReport(outdir),
  };
}

interface ValidationReport {
  pluginReports?: {
    violations?: { ruleName: string; violatingConstructs?: { constructPath?: string }[] }[];
  }[];
}

function validationReport(outdir: string): Pick<Synthesized, "findings"> {
  const file = join(outdir, "validation-report.json");
  // Written whenever a validation plugin ran, even with nothing to report.
  if (!existsSync(file)) throw new Error(`no ${file}: the cdk-nag packs did not run`);
  const report = JSON.parse(readFileSync(file, "utf8")) as ValidationReport;
  const findings = (report.pluginReports ?? []).flatMap((plugin) =>
    (plugin.violations ?? []).flatMap((v) =>
      (v.violatingConstructs ?? [{}]).map((c) => `${v.ruleName} at ${c.constructPath ?? "?"}`),
    ),
  );
  return { findings };
}

export const DEV_CONTEXT = { stage: "dev" };
export const PROD_CONTEXT = {
  stage: "prod",
  stripeMode: "stripe",
  stripePublishableKey: "pk_test_123",
  domainName: "auctions.example.com",
  certificateArn: "arn:aws:acm:us-east-1:111111111111:certificate/abc",
  alarmEmail: "ops@example.com",
};

/**
 * Once per worker: the infra project shares one module graph across its files (isolate: false in
 * vitest.config.ts), so the files that read a stage share its synthesis. Tests only read it.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** The dev stage as `cdk synth -c stage=dev` makes it: what most stack tests read. */
export const synthDevStage = once(() => synthStage(DEV_CONTEXT));

/** The dev stage with `-c live=websocket`: the WebSocket API and its functions, which the default lacks. */
export const synthWebsocketDevStage = once(() => synthStage({ ...DEV_CONTEXT, live: "websocket" }));

/** The prod stage with a domain, a certificate, Stripe and an alarm email, as documented. */
export const synthProdStage = once(() => synthStage(PROD_CONTEXT));

export type Resource = { Type: string; Properties?: CfnJson; DeletionPolicy?: string };

export function resourcesOfType(json: Synthesized["json"], type: string): [string, Resource][] {
  return Object.entries(json.Resources).filter(([, r]) => r.Type === type);
}
