import type { App } from "aws-cdk-lib";
import { readStageConfig } from "./config.ts";
import { PennyAuctionStack } from "./stack.ts";

export interface StageOptions {
  /** Overrides the web build directory (tests). */
  webDistDir?: string;
}

/**
 * One stage of the product in `app`, from its context (cdk.json plus `-c` values): what `cdk
 * synth|deploy` builds (infra/app.ts) and what the infra tests synthesize, so both see the same stacks.
 * Environment-agnostic unless `account`/`region` are given: synthesis needs no credentials and makes no
 * lookups.
 */
export function addStage(app: App, options: StageOptions = {}): PennyAuctionStack {
  const config = readStageConfig((key) => app.node.tryGetContext(key));
  const account = app.node.tryGetContext("account") as string | undefined;
  const region = app.node.tryGetContext("region") as string | undefined;
  return new PennyAuctionStack(app, config.stackName, {
    config,
    description: `Penny auction marketplace, stage ${config.stage}`,
    ...(account || region ? { env: { account, region } } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
}
