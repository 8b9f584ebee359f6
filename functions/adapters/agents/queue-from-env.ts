import { logger } from "../../observability/logger.ts";
import type { AgentQueue } from "./agent-queue.ts";
import { sqsAgentQueue } from "./sqs-agent-queue.ts";

let installed: AgentQueue | null = null;

/** The local stack and tests put their in-process stand-in here (null removes it). */
export function installAgentQueue(queue: AgentQueue | null): void {
  installed = queue;
}

const noQueue: AgentQueue = {
  async scheduleCheck(check) {
    logger.debug("no agent queue configured; agents wait for the sweep", { ...check });
  },
};

/**
 * The queue the environment asks for: an installed stand-in (local stack, tests), SQS when
 * AGENT_QUEUE_URL is set (AWS), or none (agents then act only when a check is run by hand).
 */
export function agentQueue(): AgentQueue {
  if (installed) return installed;
  if (process.env.AGENT_QUEUE_URL) return sqsAgentQueue(process.env.AGENT_QUEUE_URL);
  return noQueue;
}
