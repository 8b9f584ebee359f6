import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { eventHandlers } from "../../functions/routes.ts";
import { type CfnJson, DEV_CONTEXT, resourcesOfType, type Synthesized, synthStage } from "./support/synth.ts";
import {
  actionsOf,
  byHandler,
  type ProductFunctionView,
  productFunctions,
} from "./support/template-queries.ts";

let dev: Synthesized;
let functions: ProductFunctionView[];

beforeAll(() => {
  dev = synthStage(DEV_CONTEXT);
  functions = productFunctions(dev.json);
}, 180_000);

describe("stats aggregator", () => {
  it("reads the table's stream from its oldest record, bisecting, retrying, reporting item failures, failures to SQS", () => {
    const aggregator = byHandler(functions, eventHandlers.statsAggregator);
    const queueId = resourcesOfType(dev.json, "AWS::SQS::Queue").find(([id]) =>
      /StatsAggregatorFailures/.test(id),
    )![0];
    dev.template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      FunctionName: { Ref: aggregator.logicalId },
      EventSourceArn: { "Fn::GetAtt": [Match.stringLikeRegexp("DataTable"), "StreamArn"] },
      StartingPosition: "TRIM_HORIZON",
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      DestinationConfig: { OnFailure: { Destination: { "Fn::GetAtt": [queueId, "Arn"] } } },
    });
    const queue = dev.json.Resources[queueId]!;
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    // Anything landing there wakes someone up: the charts would undercount.
    const alarm = resourcesOfType(dev.json, "AWS::CloudWatch::Alarm").find(
      ([, a]) => a.Properties.AlarmName === "penny-auction-dev-StatsFailures",
    )?.[1];
    expect(alarm?.Properties).toMatchObject({
      MetricName: "ApproximateNumberOfMessagesVisible",
      Threshold: 1,
    });
    expect(JSON.stringify(alarm?.Properties.Dimensions)).toContain(queueId);
  });

  it("is invoked only for the records a counter moves on: new bids and purchases, auction states, orders", () => {
    const aggregator = byHandler(functions, eventHandlers.statsAggregator);
    const [, mapping] = resourcesOfType(dev.json, "AWS::Lambda::EventSourceMapping").find(
      ([, m]) => m.Properties.FunctionName?.Ref === aggregator.logicalId,
    )!;
    const patterns = mapping.Properties.FilterCriteria.Filters.map((f: CfnJson) => JSON.parse(f.Pattern));
    expect(patterns).toEqual([
      { eventName: ["INSERT"], dynamodb: { Keys: { pk: { S: [{ prefix: "BIDS#" }] } } } },
      { eventName: ["INSERT"], dynamodb: { Keys: { pk: { S: [{ prefix: "PURCHASE#" }] } } } },
      { dynamodb: { Keys: { pk: { S: [{ prefix: "AUCTION#" }] }, sk: { S: ["STATE"] } } } },
      { dynamodb: { Keys: { pk: { S: [{ prefix: "ORDER#" }] }, sk: { S: ["PROFILE"] } } } },
    ]);
  });

  it("writes only the stats items, and may not post to sockets or touch S3", () => {
    const aggregator = byHandler(functions, eventHandlers.statsAggregator);
    const writes = aggregator.statements.filter((s) =>
      actionsOf(s).some((a) => /PutItem|UpdateItem/.test(a)),
    );
    const leading = writes.flatMap(
      (s) =>
        (s.Condition?.["ForAllValues:StringLike"]?.["dynamodb:LeadingKeys"] as string[] | undefined) ?? [],
    );
    expect([...new Set(leading)].sort()).toEqual([
      "STATSBIDDER#*",
      "STATSDAY#*",
      "STATSEVENT#*",
      "STATSHOUR#*",
    ]);
    const services = new Set(aggregator.statements.flatMap(actionsOf).map((a) => a.split(":")[0]));
    expect([...services].sort()).toEqual(["dynamodb", "sqs", "xray"]);
  });
});
