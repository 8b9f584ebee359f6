import { type CfnElement, Duration, Stack } from "aws-cdk-lib";
import { Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Schedule, ScheduleExpression } from "aws-cdk-lib/aws-scheduler";
import { LambdaInvoke } from "aws-cdk-lib/aws-scheduler-targets";
import { Construct } from "constructs";
import { acknowledge } from "../nag.ts";
import type { Data } from "./data.ts";
import { eventFunction } from "./event-function.ts";
import { FailureQueue } from "./failure-queue.ts";
import type { ProductFunction, ProductFunctionDefaults } from "./product-function.ts";
import { allowReadingParameters } from "./ssm-parameters.ts";

export interface SpotPricesProps {
  defaults: ProductFunctionDefaults;
  data: Data;
  fetchHandler: string;
  /** Minutes between fetches (stage setting spotPriceIntervalMinutes). */
  everyMinutes: number;
  /** The SSM SecureString holding the Metals.Dev key. */
  apiKeyParameter: string;
}

/**
 * The spot price fetch (docs/architecture.md, Spot prices): an EventBridge Scheduler schedule runs
 * one function every few minutes, which reads the provider's key from SSM and keeps each reading in
 * the table. A failed run is retried twice by the Scheduler; the prices stay as they were meanwhile.
 */
export class SpotPrices extends Construct {
  readonly failures: FailureQueue;
  readonly fetch: ProductFunction;

  constructor(scope: Construct, id: string, props: SpotPricesProps) {
    super(scope, id);
    this.failures = new FailureQueue(this, "Failures", {
      queueName: `${props.defaults.prefix}-spot-price-fetch-failures`,
      description: "Spot price fetches that failed after retries (the next scheduled run tries again)",
    });
    this.fetch = eventFunction(this, "Fetch", {
      handlerId: props.fetchHandler,
      defaults: props.defaults,
      table: props.data.table,
      // Three tries of a 5-second request, 1 s and 2 s apart, and the writes.
      timeout: Duration.seconds(30),
      deadLetterQueue: this.failures,
    });
    this.fetch.addEnvironment("SPOT_PRICE_API_KEY_PARAMETER", props.apiKeyParameter);
    allowReadingParameters(this, this.fetch, { secure: [props.apiKeyParameter] });
    const role = new Role(this, "SchedulerRole", {
      description: "Assumed by EventBridge Scheduler to invoke the spot price fetch, and nothing else",
      assumedBy: new ServicePrincipal("scheduler.amazonaws.com", {
        conditions: { StringEquals: { "aws:SourceAccount": Stack.of(this).account } },
      }),
    });
    const fetchId = Stack.of(this).getLogicalId(this.fetch.node.defaultChild as CfnElement);
    acknowledge(
      role,
      `AwsSolutions-IAM5[Resource::<${fetchId}.Arn>:*]`,
      "The fetch function and its versions (the Scheduler's target grant): one function, no other",
    );
    new Schedule(this, "EveryInterval", {
      description: "Fetches the gold, silver and platinum spot prices",
      schedule: ScheduleExpression.rate(Duration.minutes(props.everyMinutes)),
      target: new LambdaInvoke(this.fetch, {
        role,
        retryAttempts: 2,
        maxEventAge: Duration.minutes(props.everyMinutes),
        deadLetterQueue: this.failures,
      }),
    });
  }
}
