import { Stack, type StackProps, Tags } from "aws-cdk-lib";
import type { Construct } from "constructs";
import type { StageConfig } from "./config.ts";
import { Firewall } from "./constructs/firewall.ts";
import { retainHelperFunctionLogs } from "./constructs/helper-logs.ts";
import { logRemovalFor } from "./constructs/product-function.ts";
import { retentionDays } from "./log-retention.ts";

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
}

/**
 * What CloudFront needs from us-east-1 for a stage deployed in another region: its WAF Web ACL
 * (CLOUDFRONT scope exists only there). `PennyAuction-<stage>-edge`, deployed by the same `cdk deploy`
 * before the regional stack, which reads the ACL's ARN through CDK's cross-region references (SSM
 * parameters in the stage's region, written by this stack). The custom domain's certificate is also a
 * us-east-1 resource; it is given by ARN (`certificateArn`), and `npm run preflight` checks where it is.
 */
export class PennyAuctionEdgeStack extends Stack {
  readonly firewall: Firewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    Tags.of(this).add("app", "penny-auction");
    Tags.of(this).add("stage", props.config.stage);
    this.firewall = new Firewall(this, "Firewall", {
      prefix: props.config.prefix,
      authLimit: props.config.wafAuthLimit,
      bidLimit: props.config.wafBidLimit,
    });
    // CDK's export writer (the Web ACL's ARN to the stage's region) logs here.
    retainHelperFunctionLogs(this, {
      retention: retentionDays(props.config.logRetentionDays),
      removal: logRemovalFor(props.config.ephemeral),
    });
  }
}
