import type { App } from "aws-cdk-lib";
import { readStageConfig } from "./config.ts";
import { PennyAuctionDataStack } from "./data-stack.ts";
import { PennyAuctionEdgeStack } from "./edge-stack.ts";
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
  // CloudFront's Web ACL lives in us-east-1: a stage pinned elsewhere gets a small stack there beside it.
  const edge =
    config.waf && !config.webAclArn && region && region !== US_EAST_1
      ? new PennyAuctionEdgeStack(app, `${config.stackName}-edge`, {
          config,
          description: `Penny auction marketplace, stage ${config.stage}: CloudFront's Web ACL (us-east-1)`,
          env: { account, region: US_EAST_1 },
          crossRegionReferences: true,
        })
      : undefined;
  const env = account || region ? { env: { account, region } } : {};
  const stores = new PennyAuctionDataStack(app, `${config.stackName}-data`, {
    config,
    description: `Penny auction marketplace, stage ${config.stage}: the table, the media bucket, the origin secret`,
    ...env,
  });
  return new PennyAuctionStack(app, config.stackName, {
    config,
    description: `Penny auction marketplace, stage ${config.stage}`,
    stores,
    ...env,
    ...(edge ? { edgeWebAclArn: edge.firewall.webAcl.attrArn, crossRegionReferences: true } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
}

const US_EAST_1 = "us-east-1";
