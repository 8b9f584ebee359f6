/**
 * What the agent engine's tests and the Buy It Now tests share: a local agent queue per test, and the
 * throttled self-exclusion read both must answer as the server's trouble.
 */
import { afterEach, beforeEach } from "vitest";
import { installAgentQueue } from "../../../functions/adapters/agents/queue-from-env.ts";
import { createLocalAgentQueue, type LocalAgentQueue } from "../../../scripts/local/agent-queue.ts";
import type { FaultRule } from "../../support/faulty-dynamo.ts";

/**
 * A local agent queue installed for each test of the file (and stopped after it), so booked agents
 * bid as the deployed queue would make them; the getter answers the current test's queue.
 */
export function useLocalAgentQueue(): () => LocalAgentQueue {
  let queue: LocalAgentQueue;
  beforeEach(() => {
    queue = createLocalAgentQueue({ log: () => {} });
    installAgentQueue(queue);
  });
  afterEach(async () => {
    installAgentQueue(null);
    await queue.stop();
  });
  return () => queue;
}

/** Every read of a bidder's self-exclusion (the GetItem that projects selfExcludedUntil), throttled. */
export const THROTTLED_SELF_EXCLUSION_READ: FaultRule = {
  command: "GetItem",
  fault: "throttle",
  match: (input) => String(input.ProjectionExpression ?? "").includes("selfExcludedUntil"),
};
