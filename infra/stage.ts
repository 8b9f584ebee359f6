import type { App } from "aws-cdk-lib";
import { readStageConfig } from "./config.ts";
import { PennyAuctionDataStack } from "./data-stack.ts";
import { PennyAuctionEdgeStack } from "./edge-stack.ts";
import { needsEdgeStack, stageRegion, US_EAST_1 } from "./regions.ts";
import { PennyAuctionStack } from "./stack.ts";

export interface StageOptions {
  /** Overrides the web build directory (tests). */
  webDistDir?: string;
}

/**
 * One stage of the product in `app`, from its context (cdk.json plus `-c` values): what `cdk
 * synth|deploy` builds (infra/app.ts) and what the infra tests synthesize, so both see the same stacks.
 * Pinned to the stage's region (`-c region`, else CDK_DEFAULT_REGION, which the CLI sets from the
 * credentials' configuration) and to `-c account` when given; environment-agnostic when neither is
 * known (the tests). Synthesis needs no credentials and makes no lookups.
 */
export function addStage(app: App, options: StageOptions = {}): PennyAuctionStack {
  const config = readStageConfig((key) => app.node.tryGetContext(key));
  const account = app.node.tryGetContext("account") as string | undefined;
  // `-c region`, else where the credentials point: the rule npm run preflight follows (infra/regions.ts).
  const region = stageRegion(app.node.tryGetContext("region") as string | undefined);
  // CloudFront's Web ACL lives in us-east-1: a stage elsewhere gets a small stack there beside it.
  // Stack tags (CloudFormation puts them on every resource it can), given explicitly: @aws-cdk/core:explicitStackTags.
  const tags = { app: "penny-auction", stage: config.stage };
  const edge = needsEdgeStack(config, region)
    ? new PennyAuctionEdgeStack(app, `${config.stackName}-edge`, {
        config,
        description: `Penny auction marketplace, stage ${config.stage}: CloudFront's Web ACL (us-east-1)`,
        env: { account, region: US_EAST_1 },
        tags,
        crossRegionReferences: true,
      })
    : undefined;
  const env = account || region ? { env: { account, region } } : {};
  const stores = new PennyAuctionDataStack(app, `${config.stackName}-data`, {
    config,
    description: `Penny auction marketplace, stage ${config.stage}: the table, the media bucket, the origin secret`,
    tags,
    ...env,
  });
  // The edge stack first: a us-east-1 that is not bootstrapped stops the deploy before the kept data exists.
  if (edge) stores.addStackDependency(edge, "us-east-1 (CDK bootstrap, Web ACL) before anything is created");
  return new PennyAuctionStack(app, config.stackName, {
    config,
    description: `Penny auction marketplace, stage ${config.stage}`,
    stores,
    tags,
    ...env,
    ...(edge ? { edgeWebAclArn: edge.firewall.webAcl.attrArn, crossRegionReferences: true } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
}
