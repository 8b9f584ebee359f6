import type { Duration } from "aws-cdk-lib";
import type { Table } from "aws-cdk-lib/aws-dynamodb";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { eventHandlerNeeds } from "../access.ts";
import { ProductFunction, type ProductFunctionProps } from "./product-function.ts";

export interface EventFunctionProps extends ProductFunctionProps {
  table: Table;
}

/**
 * A function no route calls (a stream's or a queue's consumer, a rule's target): it may touch the
 * table as its handler's entry in infra/access.ts says, like a route.
 */
export function eventFunction(scope: Construct, id: string, props: EventFunctionProps): ProductFunction {
  const { table, ...functionProps } = props;
  return new ProductFunction(scope, id, functionProps).bindTable(
    table,
    eventHandlerNeeds(props.handlerId).table,
  );
}

export interface ScheduledFunctionProps extends Omit<EventFunctionProps, "deadLetterQueue"> {
  /** Where a run lands once EventBridge's retries (delivery) or Lambda's (the run itself) are spent. */
  failures: IQueue;
  /** The EventBridge rule that runs it: its construct id, what it is for, and how often. */
  rule: { id: string; description: string; every: Duration };
}

/** A function an EventBridge rule runs on a rate, in `scope` beside it; a failed run is retried twice. */
export function scheduledFunction(
  scope: Construct,
  id: string,
  props: ScheduledFunctionProps,
): ProductFunction {
  const { failures, rule, ...functionProps } = props;
  const fn = eventFunction(scope, id, { ...functionProps, deadLetterQueue: failures });
  new Rule(scope, rule.id, {
    description: rule.description,
    schedule: Schedule.rate(rule.every),
    targets: [new LambdaFunction(fn, { retryAttempts: 2, deadLetterQueue: failures })],
  });
  return fn;
}
