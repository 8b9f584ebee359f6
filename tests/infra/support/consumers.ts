/**
 * How a function is fed from the table's stream or from a queue: the event source mapping, its failure
 * handling and its filter, as the stack tests assert them.
 */
import { Match } from "aws-cdk-lib/assertions";
import { expect } from "vitest";
import { type CfnJson, resourcesOfType, type Synthesized } from "./synth.ts";
import type { ProductFunctionView } from "./template-queries.ts";

/** The logical id of the resource of `type` whose id matches `pattern`. */
export function idOf(json: Synthesized["json"], type: string, pattern: RegExp): string {
  const found = resourcesOfType(json, type).find(([id]) => pattern.test(id));
  if (!found) throw new Error(`no ${type} matching ${pattern}`);
  return found[0];
}

/**
 * `fn` reads the table's stream in batches, bisecting a failing batch and reporting the items that failed;
 * what still fails goes to the queue `failuresId`. `mapping` holds the rest: where it starts, its retries.
 */
export function expectStreamConsumer(
  synth: Synthesized,
  fn: ProductFunctionView,
  failuresId: string,
  mapping: Record<string, unknown>,
): void {
  synth.template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
    FunctionName: { Ref: fn.logicalId },
    EventSourceArn: { "Fn::GetAtt": [Match.stringLikeRegexp("DataTable"), "StreamArn"] },
    BisectBatchOnFunctionError: true,
    FunctionResponseTypes: ["ReportBatchItemFailures"],
    DestinationConfig: { OnFailure: { Destination: { "Fn::GetAtt": [failuresId, "Arn"] } } },
    ...mapping,
  });
}

/**
 * `fn` reads the queue whose id matches `queue` in batches, reporting the items that failed; a message
 * received `maxReceiveCount` times moves to the queue whose id matches `failures`. Answers both ids.
 */
export function expectQueueConsumer(
  synth: Synthesized,
  fn: ProductFunctionView,
  { queue, failures, maxReceiveCount }: { queue: RegExp; failures: RegExp; maxReceiveCount: number },
): { queueId: string; failuresId: string } {
  const queueId = idOf(synth.json, "AWS::SQS::Queue", queue);
  const failuresId = idOf(synth.json, "AWS::SQS::Queue", failures);
  expect(synth.json.Resources[queueId]!.Properties.RedrivePolicy).toEqual({
    deadLetterTargetArn: { "Fn::GetAtt": [failuresId, "Arn"] },
    maxReceiveCount,
  });
  synth.template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
    FunctionName: { Ref: fn.logicalId },
    EventSourceArn: { "Fn::GetAtt": [queueId, "Arn"] },
    FunctionResponseTypes: ["ReportBatchItemFailures"],
  });
  return { queueId, failuresId };
}

/** The event patterns of `fn`'s event source mapping's filter: the records it is invoked for. */
export function filterPatternsOf(json: Synthesized["json"], fn: ProductFunctionView): unknown[] {
  const [, mapping] = resourcesOfType(json, "AWS::Lambda::EventSourceMapping").find(
    ([, m]) => m.Properties?.FunctionName?.Ref === fn.logicalId,
  )!;
  return mapping.Properties.FilterCriteria.Filters.map((f: CfnJson) => JSON.parse(f.Pattern));
}

/** The logical ids of the functions with an event source mapping on the table's stream. */
export function streamReadersOf(json: Synthesized["json"]): string[] {
  return resourcesOfType(json, "AWS::Lambda::EventSourceMapping")
    .filter(([, m]) => /DataTable.*StreamArn/.test(JSON.stringify(m.Properties?.EventSourceArn)))
    .map(([, m]) => m.Properties.FunctionName.Ref as string);
}
