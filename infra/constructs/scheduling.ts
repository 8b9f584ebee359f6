import { Arn, ArnFormat, Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import { Effect, PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { ScheduleGroup } from "aws-cdk-lib/aws-scheduler";
import { Construct } from "constructs";
import { acknowledge } from "../nag.ts";
import { FailureQueue } from "./failure-queue.ts";
import { ProductFunction, type ProductFunctionDefaults } from "./product-function.ts";

export interface SchedulingProps {
  defaults: ProductFunctionDefaults;
  closerHandler: string;
}

/**
 * EventBridge Scheduler as the backstop of an auction's end (docs/architecture.md section 4): a group holding
 * one one-time schedule per auction, the closer they invoke, and the role the Scheduler assumes,
 * which may invoke the closer and nothing else.
 */
export class Scheduling extends Construct {
  readonly group: ScheduleGroup;
  readonly schedulerRole: Role;
  readonly closer: ProductFunction;
  /** Auction-end events the closer failed on after Lambda's two retries (its Lambda DLQ). */
  readonly closerFailures: FailureQueue;
  /** Built from the explicit function name, so the closer can be told its own ARN without a cycle. */
  readonly closerArn: string;
  private readonly groupName: string;

  constructor(scope: Construct, id: string, props: SchedulingProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.groupName = `${props.defaults.prefix}-auction-ends`;
    this.group = new ScheduleGroup(this, "Group", {
      scheduleGroupName: this.groupName,
      // Deleted with the stack on every stage (CDK keeps it by default): its schedules name this stack's
      // closer and role, which go with it, and a kept group's name would stop the stack being created again.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.schedulerRole = new Role(this, "SchedulerRole", {
      description: "Assumed by EventBridge Scheduler to invoke the auction closer, and nothing else",
      assumedBy: new ServicePrincipal("scheduler.amazonaws.com", {
        // Confused-deputy guard: only schedules of this account may use the role.
        conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
      }),
    });
    this.closerFailures = new FailureQueue(this, "CloserFailures", {
      queueName: `${props.defaults.prefix}-auction-closer-failures`,
      description: "Auction ends the closer failed on after retries: those auctions may still show as live",
    });
    // The Scheduler invokes the closer asynchronously: Lambda retries twice, then the event lands here.
    this.closer = new ProductFunction(this, "Closer", {
      handlerId: props.closerHandler,
      defaults: props.defaults,
      timeout: Duration.seconds(30),
      deadLetterQueue: this.closerFailures,
    });
    this.closerArn = Arn.format(
      {
        service: "lambda",
        resource: "function",
        resourceName: this.closer.literalName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      },
      stack,
    );
    this.schedulerRole.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["lambda:InvokeFunction"],
        resources: [this.closer.functionArn],
      }),
    );
    this.allowScheduling(this.closer);
  }

  /**
   * Lets a function create, move and delete the auction-end schedules of this group, handing them
   * only the Scheduler role above, and tells it where they live.
   */
  allowScheduling(fn: ProductFunction): void {
    acknowledge(
      fn,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${this.groupName}/*]`,
      "One schedule per auction, named at run time: limited to this stage's auction-end group",
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["scheduler:CreateSchedule", "scheduler:UpdateSchedule", "scheduler:DeleteSchedule"],
        resources: [this.schedulesArnPattern()],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["iam:PassRole"],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" } },
      }),
    );
    fn.addEnvironment("SCHEDULER_GROUP_NAME", this.group.scheduleGroupName);
    fn.addEnvironment("SCHEDULER_ROLE_ARN", this.schedulerRole.roleArn);
    fn.addEnvironment("AUCTION_CLOSER_ARN", this.closerArn);
  }

  /** arn:...:scheduler:<region>:<account>:schedule/<group>/* */
  private schedulesArnPattern(): string {
    return Arn.format(
      {
        service: "scheduler",
        resource: "schedule",
        resourceName: `${this.group.scheduleGroupName}/*`,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      },
      Stack.of(this),
    );
  }
}
