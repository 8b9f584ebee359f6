import { Duration, Stack } from "aws-cdk-lib";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  Stats,
  TreatMissingData,
} from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import type { Table } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import type { ScheduleGroup } from "aws-cdk-lib/aws-scheduler";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Construct } from "constructs";
import { acknowledge } from "../nag.ts";
import type { FailureQueue } from "./failure-queue.ts";
import type { ProductFunction } from "./product-function.ts";

export interface AlarmsProps {
  prefix: string;
  email?: string;
  lambdaAlarms: "per-function" | "region";
  httpApi: HttpApi;
  functions: readonly ProductFunction[];
  table: Table;
  broadcaster: ProductFunction;
  /** Each asynchronous path's end: an alarm per queue on its first message (the key is the alarm's id). */
  failureQueues: Record<string, FailureQueue>;
  scheduleGroup: ScheduleGroup;
}

/** A metric-math alarm may read at most 10 metrics (a CloudWatch hard limit). */
const METRICS_PER_ALARM = 10;
const MINUTE = Duration.minutes(1);

/**
 * Only what is worth waking up for: users seeing 5xx, functions crashing or throttled, the table
 * throttling, live updates failing or falling behind, auction ends not being delivered. Every alarm
 * notifies one SNS topic (and an e-mail address when the stage names one).
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.prefix = props.prefix;
    this.topic = new Topic(this, "Topic", { topicName: `${props.prefix}-alarms`, enforceSSL: true });
    // The topic's own policy (the SSL deny) replaces SNS's default one, which let the account's
    // services publish: without this, CloudWatch's alarm actions are refused and no alarm arrives.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: "CloudWatchAlarmsPublish",
        principals: [new ServicePrincipal("cloudwatch.amazonaws.com")],
        actions: ["sns:Publish"],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { "aws:SourceAccount": Stack.of(this).account } },
      }),
    );
    if (props.email) {
      this.topic.addSubscription(new EmailSubscription(props.email));
      acknowledge(
        this.topic,
        "Serverless-SNSRedrivePolicy",
        "An e-mail subscription: SNS retries mail delivery itself, and a DLQ of undelivered alarms would alert no one",
      );
    }

    const requests = props.httpApi.metricCount({ period: MINUTE, statistic: Stats.SUM });
    const serverErrors = props.httpApi.metricServerError({ period: MINUTE, statistic: Stats.SUM });
    this.add("Api5xxRate", {
      description: "More than 5% of API requests answered 5xx for 3 of the last 5 minutes",
      // Below 20 requests a minute a single failure is noise, not a rate.
      metric: new MathExpression({
        expression: "IF(requests >= 20, 100 * errors / requests, 0)",
        usingMetrics: { requests, errors: serverErrors },
        period: MINUTE,
        label: "API 5xx %",
      }),
      threshold: 5,
      evaluationPeriods: 5,
      datapointsToAlarm: 3,
    });

    if (props.lambdaAlarms === "region") this.watchRegionLambdas();
    else this.watchEachFunction(props.functions);

    this.add("TableThrottles", {
      description: "DynamoDB throttled reads or writes (hot partition, or traffic above twice the last peak)",
      metric: sumOf(
        ["ReadThrottleEvents", "WriteThrottleEvents"].map((name) =>
          props.table.metric(name, { period: MINUTE, statistic: Stats.SUM }),
        ),
      ),
      threshold: 1,
      evaluationPeriods: 5,
      datapointsToAlarm: 2,
    });

    for (const [id, queue] of Object.entries(props.failureQueues)) {
      this.add(id, {
        description: queue.description,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: MINUTE, statistic: Stats.MAXIMUM }),
        threshold: 1,
        evaluationPeriods: 1,
      });
    }
    this.add("BroadcasterIteratorAge", {
      description: "Live updates are more than 30 s behind the table's stream",
      metric: props.broadcaster.metric("IteratorAge", { period: MINUTE, statistic: Stats.MAXIMUM }),
      threshold: 30_000,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    this.add("AuctionEndsDropped", {
      description: "EventBridge Scheduler gave up invoking the auction closer",
      metric: props.scheduleGroup.metricDropped({ period: Duration.minutes(5), statistic: Stats.SUM }),
      threshold: 1,
      evaluationPeriods: 1,
    });
  }

  /** Every function of the stack, summed in groups of ten (the metric-math limit). */
  private watchEachFunction(functions: readonly ProductFunction[]): void {
    chunk([...functions], METRICS_PER_ALARM).forEach((group, i) => {
      const names = group.map((fn) => fn.handlerId).join(", ");
      this.add(`LambdaErrors${i + 1}`, {
        description: `Lambda invocations failed (crash or timeout) in: ${names}`,
        metric: sumOf(group.map((fn) => fn.metricErrors({ period: MINUTE, statistic: Stats.SUM }))),
        threshold: 1,
        evaluationPeriods: 5,
        datapointsToAlarm: 2,
      });
      this.add(`LambdaThrottles${i + 1}`, {
        description: `Lambda invocations throttled (concurrency limit) in: ${names}`,
        metric: sumOf(group.map((fn) => fn.metricThrottles({ period: MINUTE, statistic: Stats.SUM }))),
        threshold: 1,
        evaluationPeriods: 5,
        datapointsToAlarm: 2,
      });
    });
  }

  /** The account's regional totals: every function in this account and region. */
  private watchRegionLambdas(): void {
    const regional = (metricName: string) =>
      new Metric({ namespace: "AWS/Lambda", metricName, period: MINUTE, statistic: Stats.SUM });
    this.add("LambdaErrors", {
      description: "Lambda invocations failed (crash or timeout) in this account and region",
      metric: regional("Errors"),
      threshold: 1,
      evaluationPeriods: 5,
      datapointsToAlarm: 2,
    });
    this.add("LambdaThrottles", {
      description: "Lambda invocations throttled (concurrency limit) in this account and region",
      metric: regional("Throttles"),
      threshold: 1,
      evaluationPeriods: 5,
      datapointsToAlarm: 2,
    });
  }

  private add(
    id: string,
    options: {
      description: string;
      metric: IMetric;
      threshold: number;
      evaluationPeriods: number;
      datapointsToAlarm?: number;
    },
  ): void {
    const alarm = new Alarm(this, id, {
      alarmName: `${this.prefix}-${id}`,
      alarmDescription: options.description,
      metric: options.metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods,
      datapointsToAlarm: options.datapointsToAlarm,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
  }
}

function sumOf(metrics: IMetric[]): IMetric {
  if (metrics.length === 1) return metrics[0]!;
  const usingMetrics = Object.fromEntries(metrics.map((metric, i) => [`m${i}`, metric]));
  return new MathExpression({
    // SUM([...]) adds whatever series have a value at each minute; "a + b" would be empty when one is.
    expression: `SUM([${Object.keys(usingMetrics).join(", ")}])`,
    usingMetrics,
    period: MINUTE,
  });
}

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
