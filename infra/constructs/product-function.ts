import { Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import type { Table } from "aws-cdk-lib/aws-dynamodb";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Architecture, Code, Runtime, Tracing } from "aws-cdk-lib/aws-lambda";
import { NodejsFunction } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, type RetentionDays } from "aws-cdk-lib/aws-logs";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { tableDefinition } from "../../functions/adapters/dynamo/table-definition.ts";
import { knownHandlerIds } from "../access.ts";
import { bundledHandlerDir, LAMBDA_HANDLER } from "../bundling.ts";
import { acknowledge } from "../nag.ts";
import type { TableGrant } from "../table-access.ts";

/** Item reads and writes as IAM names them (a transaction is authorized per item action). */
export const ITEM_READ_ACTIONS = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:ConditionCheckItem",
];
export const ITEM_WRITE_ACTIONS = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
];

/** `USER#` -> `USER#*`; `STATS` (a whole key) stays exact. */
export const leadingKeyPattern = (prefix: string) => (prefix.endsWith("#") ? `${prefix}*` : prefix);

export interface ProductFunctionDefaults {
  /** Resource name prefix of the stage, e.g. penny-auction-prod. */
  prefix: string;
  logRetention: RetentionDays;
  logRemoval: RemovalPolicy;
  /** Variables every function gets (log level, site origin, ...). */
  environment: Record<string, string>;
}

export interface ProductFunctionProps {
  /** "area/name": functions/handlers/area/name.ts exporting `handler`. */
  handlerId: string;
  defaults: ProductFunctionDefaults;
  timeout?: Duration;
  memorySize?: number;
  environment?: Record<string, string>;
  /** Asynchronously invoked functions: where an event goes once Lambda's retries are spent. */
  deadLetterQueue?: IQueue;
}

/**
 * One log group per handler area (auth, auctions, admin, ...), shared by that area's functions: a log
 * group per function was 68 of the stack's resources and took it past CloudFormation's 500. Every line
 * is JSON carrying `function_name` (Powertools), so one function's logs are still one filter away.
 */
function areaLogGroup(scope: Construct, handlerId: string, defaults: ProductFunctionDefaults): LogGroup {
  // In the top-level stack: an area's functions may sit in a nested stack (the API's) and beside it
  // (the auction closer), and the log group's name is one per area.
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  const area = handlerId.split("/")[0]!;
  const id = `FunctionLogs-${area}`;
  return (
    (stack.node.tryFindChild(id) as LogGroup | undefined) ??
    new LogGroup(stack, id, {
      logGroupName: `/aws/lambda/${defaults.prefix}-${area}`,
      retention: defaults.logRetention,
      removalPolicy: defaults.logRemoval,
    })
  );
}

/**
 * Every Lambda of the product: the defaults live here once (runtime, arm64, esbuild settings,
 * tracing, a log group with retention, timeout, memory), so a call site only says which handler
 * it runs and what it may touch. The code is the handler's esbuild bundle (infra/bundling.ts: minified,
 * ESM, source maps), built for all functions in one esbuild run rather than one process per function.
 */
export class ProductFunction extends NodejsFunction {
  readonly handlerId: string;
  /** The function's name as a plain string (functionName is a token), e.g. to build its own ARN. */
  readonly literalName: string;

  constructor(scope: Construct, id: string, props: ProductFunctionProps) {
    const { handlerId, defaults } = props;
    const functionName = `${defaults.prefix}-${handlerId.replace("/", "-")}`;
    if (functionName.length > 64) {
      throw new Error(`Lambda name ${functionName} is over 64 characters: use a shorter stage name`);
    }
    const logGroup = areaLogGroup(scope, handlerId, defaults);
    super(scope, id, {
      functionName,
      description: `functions/handlers/${handlerId}.ts`,
      code: Code.fromAsset(bundledHandlerDir(handlerId, [...knownHandlerIds()])),
      handler: LAMBDA_HANDLER,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      environment: {
        // Stack traces point into the TypeScript sources, through the bundle's source map.
        NODE_OPTIONS: "--enable-source-maps",
        ...defaults.environment,
        ...props.environment,
      },
    });
    this.handlerId = handlerId;
    this.literalName = functionName;
    acknowledge(
      this,
      "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
      "The basic execution policy only lets the function write its own logs (CreateLogGroup/Stream, PutLogEvents)",
    );
    acknowledge(
      this,
      "AwsSolutions-IAM5[Resource::*]",
      "X-Ray's PutTraceSegments/PutTelemetryRecords (and a stream's ListStreams) have no resource-level permissions",
    );
  }

  /** A function invoked only synchronously (API Gateway): the caller sees its errors, nothing is queued. */
  invokedSynchronously(by: string): this {
    acknowledge(
      this,
      "Serverless-LambdaDLQ",
      `Invoked synchronously by ${by}, which answers the error to the caller; a DLQ only catches asynchronous invocations`,
    );
    return this;
  }

  /**
   * Least privilege on the table (infra/table-access.ts): item reads only on the key prefixes it reads
   * or writes, item writes only on those it writes (`dynamodb:LeadingKeys`), index queries only if it
   * lists (the indexes project keys only), and where the table is.
   */
  bindTable(table: Table, grant: TableGrant): this {
    const readable = [...new Set([...grant.read, ...grant.write])];
    if (readable.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ITEM_READ_ACTIONS,
          resources: [table.tableArn],
          conditions: {
            "ForAllValues:StringLike": { "dynamodb:LeadingKeys": readable.map(leadingKeyPattern) },
          },
        }),
      );
    }
    if (grant.write.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ITEM_WRITE_ACTIONS,
          resources: [table.tableArn],
          conditions: {
            "ForAllValues:StringLike": { "dynamodb:LeadingKeys": grant.write.map(leadingKeyPattern) },
          },
        }),
      );
    }
    for (const { prefix, attributes } of grant.projected ?? []) {
      // Only these attributes of these items (a request without a projection asks for all: refused).
      this.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ["dynamodb:BatchGetItem", "dynamodb:GetItem"],
          resources: [table.tableArn],
          conditions: {
            "ForAllValues:StringLike": { "dynamodb:LeadingKeys": [leadingKeyPattern(prefix)] },
            "ForAllValues:StringEquals": { "dynamodb:Attributes": [...attributes] },
            StringEqualsIfExists: { "dynamodb:Select": "SPECIFIC_ATTRIBUTES" },
          },
        }),
      );
    }
    if (grant.indexes) {
      this.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ["dynamodb:Query"],
          // Each of the table's indexes by name, rather than index/*.
          resources: tableDefinition.globalSecondaryIndexes.map(
            (i) => `${table.tableArn}/index/${i.indexName}`,
          ),
        }),
      );
    }
    this.addEnvironment("TABLE_NAME", table.tableName);
    return this;
  }
}

/** Log removal follows the data: an ephemeral stage takes its logs with it. */
export function logRemovalFor(ephemeral: boolean): RemovalPolicy {
  return ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
}
