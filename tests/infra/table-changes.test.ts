import { beforeAll, describe, expect, it } from "vitest";
import { eventHandlers } from "../../functions/routes.ts";
import { expectStreamConsumer, filterPatternsOf, idOf, streamReadersOf } from "./support/consumers.ts";
import { resourcesOfType, type Synthesized, synthDevStage, synthProdStage } from "./support/synth.ts";
import {
  actionsOf,
  byHandler,
  type ProductFunctionView,
  productFunctions,
} from "./support/template-queries.ts";

let dev: Synthesized;
let functions: ProductFunctionView[];

beforeAll(() => {
  dev = synthDevStage();
  functions = productFunctions(dev.json);
}, 180_000);

describe("the table's stream", () => {
  it("has two Lambda readers, as AWS advises at most per shard: the broadcaster and the table-changes consumer", () => {
    for (const stage of [dev, synthProdStage()]) {
      const all = productFunctions(stage.json);
      const readers = streamReadersOf(stage.json);
      expect(readers.sort()).toEqual(
        [
          byHandler(all, eventHandlers.broadcaster).logicalId,
          byHandler(all, eventHandlers.tableChanges).logicalId,
        ].sort(),
      );
    }
  });
});

describe("table-changes consumer (emails and stats)", () => {
  it("reads the table's stream from its oldest record, bisecting, retrying, reporting item failures, failures to SQS", () => {
    const aggregator = byHandler(functions, eventHandlers.tableChanges);
    const queueId = idOf(dev.json, "AWS::SQS::Queue", /TableChangesFailures/);
    expectStreamConsumer(dev, aggregator, queueId, {
      StartingPosition: "TRIM_HORIZON",
      MaximumRetryAttempts: 10,
    });
    const queue = dev.json.Resources[queueId]!;
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    // Anything landing there wakes someone up: emails were not queued, the charts would undercount.
    const alarm = resourcesOfType(dev.json, "AWS::CloudWatch::Alarm").find(
      ([, a]) => a.Properties.AlarmName === "penny-auction-dev-StreamFailures",
    )?.[1];
    expect(alarm?.Properties).toMatchObject({
      MetricName: "ApproximateNumberOfMessagesVisible",
      Threshold: 1,
    });
    expect(JSON.stringify(alarm?.Properties.Dimensions)).toContain(queueId);
  });

  it("is invoked only for the records a counter moves on (new bids and purchases, auction states, orders) and the item types that can cause an email", () => {
    const aggregator = byHandler(functions, eventHandlers.tableChanges);
    const patterns = filterPatternsOf(dev.json, aggregator);
    expect(patterns).toEqual([
      { eventName: ["INSERT"], dynamodb: { Keys: { pk: { S: [{ prefix: "BIDS#" }] } } } },
      { eventName: ["INSERT"], dynamodb: { Keys: { pk: { S: [{ prefix: "PURCHASE#" }] } } } },
      { dynamodb: { Keys: { pk: { S: [{ prefix: "AUCTION#" }] }, sk: { S: ["STATE"] } } } },
      { dynamodb: { Keys: { pk: { S: [{ prefix: "ORDER#" }] }, sk: { S: ["PROFILE"] } } } },
      {
        dynamodb: {
          NewImage: {
            type: { S: ["user", "auction", "bidPurchase", "order", "seller", "product", "referral"] },
          },
        },
      },
    ]);
  });

  it("writes only the stats items, reads nothing of the table, queues emails, and may not post to sockets or touch S3", () => {
    const aggregator = byHandler(functions, eventHandlers.tableChanges);
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
    // Its reads too are only the stats items (the email part reads nothing: the stream's images suffice).
    const reads = aggregator.statements.filter((s) => actionsOf(s).some((a) => /GetItem|Query|Scan/.test(a)));
    for (const s of reads)
      expect(s.Condition?.["ForAllValues:StringLike"]?.["dynamodb:LeadingKeys"]).toEqual(
        expect.arrayContaining([expect.stringMatching(/^STATS/)]),
      );
    expect(
      reads.flatMap(
        (s) =>
          (s.Condition?.["ForAllValues:StringLike"]?.["dynamodb:LeadingKeys"] as string[] | undefined) ?? [],
      ),
    ).not.toContainEqual(expect.not.stringMatching(/^STATS/));
    expect(JSON.stringify(aggregator.env.EMAIL_QUEUE_URL)).toMatch(/NotificationsQueue/);
    const services = new Set(aggregator.statements.flatMap(actionsOf).map((a) => a.split(":")[0]));
    expect([...services].sort()).toEqual(["dynamodb", "sqs", "xray"]);
  });
});
