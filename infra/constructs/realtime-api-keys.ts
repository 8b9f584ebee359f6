import { CustomResource, Duration } from "aws-cdk-lib";
import type { EventApi } from "aws-cdk-lib/aws-appsync";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Construct } from "constructs";
import { acknowledge } from "../nag.ts";
import type { Data } from "./data.ts";
import { scheduledFunction } from "./event-function.ts";
import { FailureQueue } from "./failure-queue.ts";
import type { ProductFunction, ProductFunctionDefaults } from "./product-function.ts";

export interface RealtimeApiKeysProps {
  defaults: ProductFunctionDefaults;
  data: Data;
  rotationHandler: string;
  api: EventApi;
}

/** How often the rotation runs: a failed run has 30 days of retries before the served key expires. */
export const ROTATION_EVERY = Duration.hours(6);

/**
 * The Event API's public key, renewed with no redeploy (functions/usecases/realtime/rotate-api-keys.ts):
 * a rule runs the rotation every 6 hours, and the same function runs once at deploy time as a custom
 * resource, so the first key is in the table GET /api/config reads before the deploy ends. The keys
 * are the rotation's alone: one CloudFormation made would expire unless a deploy renewed it, and a
 * rotation deleting it would fail the next deploy's update of it.
 */
export class RealtimeApiKeys extends Construct {
  readonly failures: FailureQueue;
  readonly rotation: ProductFunction;

  constructor(scope: Construct, id: string, props: RealtimeApiKeysProps) {
    super(scope, id);
    this.failures = new FailureQueue(this, "Failures", {
      queueName: `${props.defaults.prefix}-realtime-api-key-rotation-failures`,
      description:
        "Rotations of the Event API's public key that failed after retries (the next run tries again; the served key has weeks left)",
    });
    this.rotation = scheduledFunction(this, "Rotation", {
      handlerId: props.rotationHandler,
      defaults: props.defaults,
      table: props.data.table,
      // Three AppSync calls and two table writes; CloudFormation waits for the deploy-time run.
      timeout: Duration.seconds(30),
      failures: this.failures,
      rule: {
        id: "Every6Hours",
        description: "Renews the Event API's public key before it expires and serves it",
        every: ROTATION_EVERY,
      },
    });
    this.rotation.addEnvironment("EVENT_API_ID", props.api.apiId);
    // AppSync's key actions have no resource type (Service Authorization Reference): they are
    // allowed on "*" or not at all. Nothing else in the account may be touched by them: three actions.
    this.rotation.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["appsync:ListApiKeys", "appsync:CreateApiKey", "appsync:DeleteApiKey"],
        resources: ["*"],
      }),
    );
    acknowledge(
      this.rotation,
      "AwsSolutions-IAM5[Resource::*]",
      "AppSync's ListApiKeys, CreateApiKey and DeleteApiKey support no resource-level permissions",
    );
    const firstKey = new CustomResource(this, "FirstKey", {
      serviceToken: this.rotation.functionArn,
      resourceType: "Custom::RealtimeApiKeys",
      // A new API (or table) runs it again: its keys are another API's.
      properties: { ApiId: props.api.apiId, TableName: props.data.table.tableName },
    });
    // After the function may touch the table and AppSync.
    firstKey.node.addDependency(this.rotation);
  }
}
