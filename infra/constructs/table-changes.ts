import { Duration } from "aws-cdk-lib";
import { FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, SqsDlq } from "aws-cdk-lib/aws-lambda-event-sources";
import { Construct } from "constructs";
import { keys } from "../../functions/adapters/dynamo/keys.ts";
import { EMAIL_SOURCE_TYPES } from "../../functions/domain/notifications.ts";
import { acknowledge } from "../nag.ts";
import type { Data } from "./data.ts";
import { eventFunction } from "./event-function.ts";
import { FailureQueue } from "./failure-queue.ts";
import type { Notifications } from "./notifications.ts";
import type { ProductFunction, ProductFunctionDefaults } from "./product-function.ts";

export interface TableChangesProps {
  defaults: ProductFunctionDefaults;
  data: Data;
  handler: string;
  /** Where its email events go (the email queue). */
  notifications: Notifications;
}

/**
 * The table's stream's second Lambda reader (the broadcaster is the first; AWS advises at most two per
 * shard): one function maps each record to email events (docs/architecture.md section 4a) and to the
 * Stats charts' counters (section 4b). A count is worth replaying: records are retried for as long as
 * the stream keeps them, and a batch given up on lands in a queue instead of vanishing.
 */
export class TableChanges extends Construct {
  readonly consumer: ProductFunction;
  /** Stream batches the consumer gave up on, kept for 14 days (the records' keys and positions). */
  readonly failures: FailureQueue;

  constructor(scope: Construct, id: string, props: TableChangesProps) {
    super(scope, id);
    this.failures = new FailureQueue(this, "Failures", {
      queueName: `${props.defaults.prefix}-stream-failures`,
      description:
        "Stream batches the table-changes consumer gave up on: emails not queued, the Stats charts undercount",
    });
    this.consumer = eventFunction(this, "Consumer", {
      handlerId: props.handler,
      defaults: props.defaults,
      table: props.data.table,
      timeout: Duration.seconds(60),
    });
    props.notifications.allowQueueing(this.consumer);
    this.consumer.addEventSource(
      new DynamoEventSource(props.data.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(5),
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failures),
        // Five patterns: Lambda's default limit per event source mapping.
        filters: [...countedRecords(), emailSourceRecords()],
      }),
    );
    acknowledge(
      this.consumer,
      "Serverless-LambdaDLQ",
      "Polled from the table's stream (never invoked asynchronously): a batch it gives up on goes to the stream's on-failure destination, stream-failures",
    );
  }
}

/** The item types whose changes can cause an email (functions/domain/notifications.ts). */
function emailSourceRecords() {
  return FilterCriteria.filter({
    dynamodb: { NewImage: { type: { S: FilterRule.or(...EMAIL_SOURCE_TYPES) } } },
  });
}

/** The items a counter moves on: bids, purchases, auction states, orders. */
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
