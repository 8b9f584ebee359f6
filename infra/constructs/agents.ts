import { Duration } from "aws-cdk-lib";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { acknowledge } from "../nag.ts";
import type { Data } from "./data.ts";
import { eventFunction, scheduledFunction } from "./event-function.ts";
import { FailureQueue } from "./failure-queue.ts";
import type { ProductFunction, ProductFunctionDefaults } from "./product-function.ts";

export interface AgentsProps {
  defaults: ProductFunctionDefaults;
  data: Data;
  engineHandler: string;
  sweepHandler: string;
}

/**
 * The Bid Agent engine's timer: SQS delay messages (second precision; EventBridge Scheduler has only
 * a minute), the engine that runs each check, a dead-letter queue for checks that keep failing, and a
 * one-minute sweep that rebuilds checks from the table (docs/decisions.md, Bid Agent timing).
 */
export class Agents extends Construct {
  readonly checks: Queue;
  readonly failures: FailureQueue;
  /** Sweeps EventBridge could not deliver or the sweep failed on (a Lambda DLQ and the rule's DLQ). */
  readonly sweepFailures: FailureQueue;
  readonly engine: ProductFunction;
  readonly sweep: ProductFunction;

  constructor(scope: Construct, id: string, props: AgentsProps) {
    super(scope, id);
    this.failures = new FailureQueue(this, "Failures", {
      queueName: `${props.defaults.prefix}-agent-check-failures`,
      description:
        "Bid Agent checks that failed 3 times: agents may have missed bids until the sweep re-queues them",
    });
    this.sweepFailures = new FailureQueue(this, "SweepFailures", {
      queueName: `${props.defaults.prefix}-agent-sweep-failures`,
      description: "Bid Agent sweeps that failed after retries (the next minute's sweep tries again)",
    });
    this.checks = new Queue(this, "Checks", {
      queueName: `${props.defaults.prefix}-agent-checks`,
      // Six times the engine's timeout, as Lambda's SQS event source recommends.
      visibilityTimeout: Duration.seconds(60),
      // A check is about one moment of one auction; one older than the window is worthless.
      retentionPeriod: Duration.minutes(30),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.failures, maxReceiveCount: 3 },
    });

    this.engine = eventFunction(this, "Engine", {
      handlerId: props.engineHandler,
      defaults: props.defaults,
      table: props.data.table,
      timeout: Duration.seconds(10),
    });
    this.engine.addEventSource(
      new SqsEventSource(this.checks, { batchSize: 10, reportBatchItemFailures: true }),
    );
    acknowledge(
      this.engine,
      ["Serverless-LambdaDLQ", "Serverless-LambdaEventSourceMappingDestination"],
      "Polled from the checks queue (never invoked asynchronously): a check failing 3 times goes to the queue's DLQ, agent-check-failures",
    );
    this.allowQueueing(this.engine);

    this.sweep = scheduledFunction(this, "Sweep", {
      handlerId: props.sweepHandler,
      defaults: props.defaults,
      table: props.data.table,
      timeout: Duration.seconds(30),
      failures: this.sweepFailures,
      rule: {
        id: "EveryMinute",
        description: "Re-queues Bid Agent checks from the table (recovery)",
        every: Duration.minutes(1),
      },
    });
    this.allowQueueing(this.sweep);
  }

  /** Lets a function queue agent checks, and tells it where. */
  allowQueueing(fn: ProductFunction): void {
    this.checks.grantSendMessages(fn);
    fn.addEnvironment("AGENT_QUEUE_URL", this.checks.queueUrl);
  }
}
