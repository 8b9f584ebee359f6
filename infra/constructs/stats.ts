import { Duration } from "aws-cdk-lib";
import { FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, SqsDlq } from "aws-cdk-lib/aws-lambda-event-sources";
import { Construct } from "constructs";
import { keys } from "../../functions/adapters/dynamo/keys.ts";
import { acknowledge } from "../nag.ts";
import type { Data } from "./data.ts";
import { eventFunction } from "./event-function.ts";
import { FailureQueue } from "./failure-queue.ts";
import type { ProductFunction, ProductFunctionDefaults } from "./product-function.ts";

export interface StatsProps {
  defaults: ProductFunctionDefaults;
  data: Data;
  aggregatorHandler: string;
}

/**
 * The Stats charts' aggregates: a second consumer of the table's stream keeps daily and
 * hourly counters (functions/handlers/stats/aggregate-stats.ts). Unlike live updates, a count is worth
 * replaying: records are retried for as long as the stream keeps them, and a batch given up on lands
 * in a queue instead of vanishing.
 */
export class Stats extends Construct {
  readonly aggregator: ProductFunction;
  /** Stream batches the aggregator gave up on, kept for 14 days (the records' keys and positions). */
  readonly failures: FailureQueue;

  constructor(scope: Construct, id: string, props: StatsProps) {
    super(scope, id);
    this.failures = new FailureQueue(this, "AggregatorFailures", {
      queueName: `${props.defaults.prefix}-stats-failures`,
      description: "Stream batches the stats aggregator gave up on: the Stats charts undercount",
    });
    this.aggregator = eventFunction(this, "Aggregator", {
      handlerId: props.aggregatorHandler,
      defaults: props.defaults,
      table: props.data.table,
      timeout: Duration.seconds(60),
    });
    this.aggregator.addEventSource(
      new DynamoEventSource(props.data.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(5),
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failures),
        filters: countedRecords(),
      }),
    );
    acknowledge(
      this.aggregator,
      "Serverless-LambdaDLQ",
      "Polled from the table's stream (never invoked asynchronously): a batch it gives up on goes to the stream's on-failure destination, stats-failures",
    );
  }
}

/** Only the items a counter moves on reach the function: bids, purchases, auction states, orders. */
function countedRecords() {
  const prefixOf = (pk: string) => pk.slice(0, pk.indexOf("#") + 1);
  const auction = keys.auction("");
  return [
    FilterCriteria.filter({
      eventName: FilterRule.isEqual("INSERT"),
      dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(prefixOf(keys.bid("", 0).pk)) } } },
    }),
    FilterCriteria.filter({
      eventName: FilterRule.isEqual("INSERT"),
      dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(prefixOf(keys.purchase("").pk)) } } },
    }),
    FilterCriteria.filter({
      dynamodb: {
        Keys: { pk: { S: FilterRule.beginsWith(auction.pk) }, sk: { S: FilterRule.isEqual(auction.sk) } },
      },
    }),
    FilterCriteria.filter({
      dynamodb: {
        Keys: {
          pk: { S: FilterRule.beginsWith(keys.order("").pk) },
          sk: { S: FilterRule.isEqual(keys.order("").sk) },
        },
      },
    }),
  ];
}
