import { CfnResource, type RemovalPolicy, type Stack } from "aws-cdk-lib";
import { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { LogGroup, type RetentionDays } from "aws-cdk-lib/aws-logs";

/** The ids CDK gives its helper functions at the stack's root. */
const HELPERS = [
  // BucketDeployment's handler (a singleton per configuration): publishes the site.
  { idPrefix: "Custom::CDKBucketDeployment", logId: "SiteDeploymentLogs" },
  // autoDeleteObjects' provider: empties a disposable stage's buckets before CloudFormation deletes them.
  { idPrefix: "Custom::S3AutoDeleteObjectsCustomResourceProvider", logId: "BucketEmptyingLogs" },
  // Cross-region references (the edge stack's Web ACL ARN): the writer in us-east-1, the reader beside the app.
  { idPrefix: "Custom::CrossRegionExportWriterCustomResourceProvider", logId: "ExportWriterLogs" },
  { idPrefix: "Custom::CrossRegionExportReaderCustomResourceProvider", logId: "ExportReaderLogs" },
];

/**
 * CDK's own helper functions otherwise log to a group Lambda creates on first use, kept forever and
 * left behind by the stack: each gets a log group of the stack's, with the stage's retention.
 * The cross-region export helpers only exist once CDK has resolved the references between stacks
 * (after every constructor and aspect, tags included: theirs come from the stack's tags), so theirs
 * are added when the stack is validated, which comes after that and before the templates are written.
 */
export function retainHelperFunctionLogs(
  stack: Stack,
  options: { retention: RetentionDays; removal: RemovalPolicy },
): void {
  addHelperLogGroups(stack, options);
  stack.node.addValidation({
    validate: () => {
      addHelperLogGroups(stack, options);
      return [];
    },
  });
}

function addHelperLogGroups(stack: Stack, options: { retention: RetentionDays; removal: RemovalPolicy }) {
  for (const helper of HELPERS) {
    const functions = stack.node.children
      .filter((child) => child.node.id.startsWith(helper.idPrefix))
      .map((child) => child.node.findAll().find(isLambdaResource))
      .filter((fn): fn is CfnResource => fn !== undefined);
    functions.forEach((fn, i) => {
      const id = functions.length === 1 ? helper.logId : `${helper.logId}${i + 1}`;
      if (stack.node.tryFindChild(id)) return;
      const logGroup = new LogGroup(stack, id, {
        retention: options.retention,
        removalPolicy: options.removal,
      });
      // The providers of autoDeleteObjects and cross-region exports are raw CfnResources, BucketDeployment's a CfnFunction.
      if (fn instanceof CfnFunction) fn.loggingConfig = { logGroup: logGroup.logGroupName };
      else fn.addPropertyOverride("LoggingConfig", { LogGroup: logGroup.logGroupName });
    });
  }
}

function isLambdaResource(construct: unknown): construct is CfnResource {
  return construct instanceof CfnResource && construct.cfnResourceType === "AWS::Lambda::Function";
}
