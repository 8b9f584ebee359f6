import type { StageConfig } from "./config.ts";

/** CloudFront's region: its Web ACLs and certificates live here whatever the stage's region. */
export const US_EAST_1 = "us-east-1";

/**
 * The stage's region, the same for `cdk synth|deploy` and `npm run preflight`: `-c region`, else where
 * the credentials point (the CDK CLI passes that to the app as CDK_DEFAULT_REGION; preflight asks the
 * SDK's default chain, the same answer). Undefined only when neither knows (an in-process synthesis).
 */
export function stageRegion(
  contextRegion: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  return contextRegion || env.CDK_DEFAULT_REGION || undefined;
}

/** A stage with its own WAF outside us-east-1 gets a small us-east-1 stack holding the Web ACL. */
export function needsEdgeStack(
  config: Pick<StageConfig, "waf" | "webAclArn">,
  region: string | undefined,
): boolean {
  return config.waf && !config.webAclArn && region !== undefined && region !== US_EAST_1;
}

export interface PlannedStack {
  name: string;
  region: string;
  holds: string;
}

/** The stacks `cdk deploy --all` creates for the stage, in the order it deploys them. */
export function stagePlan(
  config: Pick<StageConfig, "stackName" | "waf" | "webAclArn" | "ephemeral">,
  region: string,
): PlannedStack[] {
  return [
    ...(needsEdgeStack(config, region)
      ? [{ name: `${config.stackName}-edge`, region: US_EAST_1, holds: "CloudFront's Web ACL" }]
      : []),
    {
      name: `${config.stackName}-data`,
      region,
      holds: `the table, the media bucket, the origin secret, ${config.ephemeral ? "deleted with the stack" : "kept when the stack is deleted"}`,
    },
    {
      name: config.stackName,
      region,
      holds: `functions, APIs, queues, alarms, emails, CloudFront${config.waf && !config.webAclArn && region === US_EAST_1 ? ", the Web ACL" : ""}`,
    },
  ];
}
