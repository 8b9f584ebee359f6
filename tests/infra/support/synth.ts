import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { projectRoot } from "../../../infra/bundling.ts";
import { readStageConfig } from "../../../infra/config.ts";
import { PennyAuctionStack } from "../../../infra/stack.ts";

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
  template: Template;
  /** The raw template, for questions the matchers cannot ask. */
  json: {
    Resources: Record<string, { Type: string; Properties?: CfnJson; DeletionPolicy?: string }>;
  } & Record<string, CfnJson>;
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
  const app = new App({
    outdir: mkdtempSync(join(tmpdir(), "penny-cdk-out-")),
    context: { ...cdkJsonContext(), ...context },
  });
  const config = readStageConfig((key) => app.node.tryGetContext(key));
  const stack = new PennyAuctionStack(app, config.stackName, {
    config,
    webDistDir: options.webDistDir ?? fakeWebDist(),
  });
  const template = Template.fromStack(stack);
  return { stack, template, json: template.toJSON() as Synthesized["json"] };
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

export type Resource = { Type: string; Properties?: CfnJson; DeletionPolicy?: string };

export function resourcesOfType(json: Synthesized["json"], type: string): [string, Resource][] {
  return Object.entries(json.Resources).filter(([, r]) => r.Type === type);
}
