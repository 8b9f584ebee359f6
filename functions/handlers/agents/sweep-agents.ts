import { logger } from "../../observability/logger.ts";
import { sweepAgents } from "../../usecases/agents/run-agents.ts";

/** Every minute (EventBridge rule; the local stack at start and every minute): re-queues agent checks from the table. */
export async function handler() {
  const queued = await sweepAgents(Date.now());
  logger.info("agent sweep", { queued });
  return { queued };
}
