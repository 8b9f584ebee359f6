import { Stack, type StackProps, Tags } from "aws-cdk-lib";
import type { Construct } from "constructs";
import type { StageConfig } from "./config.ts";
import { Data } from "./constructs/data.ts";
import { retainHelperFunctionLogs } from "./constructs/helper-logs.ts";
import { Media } from "./constructs/media.ts";
import { OriginSecret } from "./constructs/origin-secret.ts";
import { logRemovalFor } from "./constructs/product-function.ts";
import { retentionDays } from "./log-retention.ts";

export interface DataStackProps extends StackProps {
  config: StageConfig;
}

/**
 * What a stage keeps across deploys of its app: the table, the media bucket (product photos) and the
 * origin secret, in their own stack
 * (`PennyAuction-<stage>-data`), deployed before the app stack that reads them through CloudFormation
 * exports. Replacing, renaming or deleting the app stack never touches them; their removal follows
 * `dataRemoval` as before. Construct ids match the single stack's, so the logical ids did not change.
 */
export class PennyAuctionDataStack extends Stack {
  readonly data: Data;
  readonly originSecret: OriginSecret;
  readonly media: Media;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const config = props.config;
    Tags.of(this).add("app", "penny-auction");
    Tags.of(this).add("stage", config.stage);
    this.data = new Data(this, "Data", { prefix: config.prefix, ephemeral: config.ephemeral });
    this.originSecret = new OriginSecret(this, "OriginSecret", {
      prefix: config.prefix,
      ephemeral: config.ephemeral,
      versionId: config.originSecretVersion,
    });
    this.media = new Media(this, "Media", { prefix: config.prefix, ephemeral: config.ephemeral });
    // A disposable stage's media bucket is emptied by CDK's helper function before it is deleted.
    retainHelperFunctionLogs(this, {
      retention: retentionDays(config.logRetentionDays),
      removal: logRemovalFor(config.ephemeral),
    });
  }
}
