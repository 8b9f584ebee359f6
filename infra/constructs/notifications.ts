import { Duration, NestedStack, Stack } from "aws-cdk-lib";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import { HostedZone } from "aws-cdk-lib/aws-route53";
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from "aws-cdk-lib/aws-ses";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { acknowledge } from "../nag.ts";
import type { Data } from "./data.ts";
import { eventFunction, scheduledFunction } from "./event-function.ts";
import { FailureQueue } from "./failure-queue.ts";
import type { ProductFunction, ProductFunctionDefaults } from "./product-function.ts";

export interface NotificationsProps {
  defaults: ProductFunctionDefaults;
  data: Data;
  senderHandler: string;
  /** The one-minute sweep that queues ending-soon alerts of watched auctions. */
  alertSweepHandler: string;
  /** The From address; its domain (or the address itself) is the SES identity. */
  from: string;
  /** With a domain and its Route 53 zone, the identity is the domain with DKIM records made here. */
  domain?: { name: string; zone?: { id: string; name: string } };
}

/**
 * Emails (docs/architecture.md section 4a): the table's stream -> the table-changes consumer (which
 * change is worth an email; infra/constructs/table-changes.ts) -> a queue -> the sender, which sends
 * each event once through SES. The sender's failures are retried by the queue and end in a dead-letter
 * queue; the alarm on it is in Alarms. Only the sender may send email, and only from the
 * stage's identity through its configuration set.
 */
export class Notifications extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly queue: Queue;
  readonly failures: FailureQueue;
  readonly sender: ProductFunction;
  readonly alertSweep: ProductFunction;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const prefix = props.defaults.prefix;
    this.configurationSet = new ConfigurationSet(this, "ConfigurationSet", {
      configurationSetName: `${prefix}-emails`,
      reputationMetrics: true,
      // Addresses that bounce or complain are not mailed again (SES's account-level list, per set).
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new EmailIdentity(this, "Identity", {
      identity: props.domain
        ? props.domain.zone
          ? // The stage's own domain, its DKIM records made in the zone. Not Identity.publicHostedZone:
            // that is the zone's apex, which every stage in the zone would claim.
            {
              value: props.domain.name,
              hostedZone: HostedZone.fromHostedZoneAttributes(this, "Zone", {
                hostedZoneId: props.domain.zone.id,
                zoneName: props.domain.zone.name,
              }),
            }
          : Identity.domain(props.domain.name)
        : Identity.email(props.from),
      configurationSet: this.configurationSet,
    });

    this.failures = new FailureQueue(this, "Failures", {
      queueName: `${prefix}-email-failures`,
      description: "Emails that could not be sent after their retries",
    });
    const senderTimeout = Duration.seconds(30);
    this.queue = new Queue(this, "Queue", {
      queueName: `${prefix}-emails`,
      // Six times the sender's timeout, as Lambda's SQS event source recommends.
      visibilityTimeout: Duration.seconds(senderTimeout.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.failures, maxReceiveCount: 5 },
    });

    // Ending-soon alerts join the same queue, so the sender's checks (the user's choice, the address)
    // decide them as they decide every email.
    // In a nested stack of its own: the app stack is close to CloudFormation's 500 resources.
    const alerts = new NestedStack(this, "Alerts", { description: "Penny auction ending-soon alerts" });
    this.alertSweep = scheduledFunction(alerts, "AlertSweep", {
      handlerId: props.alertSweepHandler,
      defaults: props.defaults,
      table: props.data.table,
      timeout: Duration.seconds(50),
      failures: this.failures,
      rule: {
        id: "EveryMinute",
        description: "Queues the ending-soon alerts of watched auctions",
        every: Duration.minutes(1),
      },
    });
    this.queue.grantSendMessages(this.alertSweep);
    this.alertSweep.addEnvironment("EMAIL_QUEUE_URL", this.queue.queueUrl);

    this.sender = eventFunction(this, "Sender", {
      handlerId: props.senderHandler,
      defaults: props.defaults,
      table: props.data.table,
      timeout: senderTimeout,
    });
    this.sender.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );
    acknowledge(
      this.sender,
      ["Serverless-LambdaDLQ", "Serverless-LambdaEventSourceMappingDestination"],
      "Polled from the email queue (never invoked asynchronously): an email failing 5 times goes to the queue's DLQ, email-failures",
    );
    const configurationSetArn = Stack.of(this).formatArn({
      service: "ses",
      resource: "configuration-set",
      resourceName: this.configurationSet.configurationSetName,
    });
    this.sender.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["ses:SendEmail"],
        resources: [this.identity.emailIdentityArn, configurationSetArn],
        conditions: { StringEquals: { "ses:FromAddress": props.from } },
      }),
    );
    // A password-reset request it takes from the queue queues that account's link email back onto it.
    this.allowQueueing(this.sender);
    this.sender.addEnvironment("EMAIL_FROM", props.from);
    this.sender.addEnvironment("SES_CONFIGURATION_SET", this.configurationSet.configurationSetName);
  }

  /**
   * The table-changes consumer, the sender (reset requests), and the routes that queue account emails
   * themselves (infra/access.ts queuesEmails).
   */
  allowQueueing(fn: ProductFunction): void {
    this.queue.grantSendMessages(fn);
    fn.addEnvironment("EMAIL_QUEUE_URL", this.queue.queueUrl);
  }
}
