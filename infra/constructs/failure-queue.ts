import { Duration } from "aws-cdk-lib";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { acknowledge } from "../nag.ts";

export interface FailureQueueProps {
  queueName: string;
  /** What lands here, for the alarm and the console (one sentence). */
  description: string;
}

/**
 * Where an asynchronous function's failures end up (a Lambda DLQ, an event source's on-failure
 * destination or a queue's dead-letter queue): kept 14 days, encrypted, HTTPS only, and watched by an
 * alarm (constructs/alarms.ts). docs/deploy.md says how to read and redrive each one.
 */
export class FailureQueue extends Queue {
  readonly description: string;

  constructor(scope: Construct, id: string, props: FailureQueueProps) {
    super(scope, id, {
      queueName: props.queueName,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.description = props.description;
    acknowledge(
      this,
      ["Serverless-SQSRedrivePolicy", "AwsSolutions-SQS3"],
      "It is the end of a failure path (nothing consumes it to fail again): an alarm fires on its first message",
    );
  }
}
