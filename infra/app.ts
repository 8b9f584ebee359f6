import { App } from "aws-cdk-lib";
import { readStageConfig } from "./config.ts";
import { addNagPacks } from "./nag.ts";
import { PennyAuctionStack } from "./stack.ts";

/**
 * `npx cdk synth|deploy [-c stage=prod]`. Environment-agnostic unless `account`/`region` are given
 * as context: synthesis needs no credentials and makes no lookups.
 */
const app = new App();
addNagPacks(app);
const config = readStageConfig((key) => app.node.tryGetContext(key));
const account = app.node.tryGetContext("account") as string | undefined;
const region = app.node.tryGetContext("region") as string | undefined;

new PennyAuctionStack(app, config.stackName, {
  config,
  description: `Penny auction marketplace, stage ${config.stage}`,
  ...(account || region ? { env: { account, region } } : {}),
});
