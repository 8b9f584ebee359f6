import { CfnResource, type RemovalPolicy, type Stack } from "aws-cdk-lib";
import { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { LogGroup, type RetentionDays } from "aws-cdk-lib/aws-logs";

/** The ids CDK gives its helper functions at the stack's root. */
const HELPERS = [
  // BucketDeployment's handler (a singleton per configuration): publishes the site.
  { idPrefix: "Custom::CDKBucketDeployment", logId: "SiteDeploymentLogs" },
  // autoDeleteObjects' provider: empties a disposable stage's buckets before CloudFormation deletes them.
  { idPrefix: "Custom::S3AutoDeleteObjectsCustomResourceProvider", logId: "BucketEmptyingLogs" },
];

/**
 * CDK's own helper functions otherwise log to a group Lambda creates on first use, kept forever and
 * left behind by the stack: each gets a log group of the stack's, with the stage's retention.
 */
export function retainHelperFunctionLogs(
  stack: Stack,
  options: { retention: RetentionDays; removal: RemovalPolicy },
): void {
  for (const helper of HELPERS) {
    const functions = stack.node.children
      .filter((child) => child.node.id.startsWith(helper.idPrefix))
      .map((child) => child.node.findAll().find(isLambdaResource))
      .filter((fn): fn is CfnResource => fn !== undefined);
    functions.forEach((fn, i) => {
      const logGroup = new LogGroup(
        stack,
        functions.length === 1 ? helper.logId : `${helper.logId}${i + 1}`,
        {
          retention: options.retention,
          removalPolicy: options.removal,
        },
      );
      // The provider of autoDeleteObjects is a raw CfnResource, BucketDeployment's a CfnFunction.
      if (fn instanceof CfnFunction) fn.loggingConfig = { logGroup: logGroup.logGroupName };
      else fn.addPropertyOverride("LoggingConfig", { LogGroup: logGroup.logGroupName });
    });
  }
}

function isLambdaResource(construct: unknown): construct is CfnResource {
  return construct instanceof CfnResource && construct.cfnResourceType === "AWS::Lambda::Function";
}
