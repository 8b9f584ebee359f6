import * as z from "#shared/schemas/zod";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { queuedJsonHandler } from "../../events/queued-json.ts";
import { logger } from "../../observability/logger.ts";
import { runAgentCheck } from "../../usecases/agents/run-agents.ts";

const checkSchema = z.object({
  auctionId: z.string().check(z.minLength(1), z.maxLength(64)),
  seenTotalBids: z.number().check(z.integer(), z.minimum(0)),
});

/**
 * The Bid Agent engine: each SQS message (delayed to its moment) is one check of one auction. A
 * message that can never be valid is logged and dropped; a failing check goes back to the queue
 * (partial batch response) and, after its retries, to the dead-letter queue.
 */
export const handler = queuedJsonHandler("agent check", checkSchema, async (check) => {
  const outcome = await runAgentCheck(check, Date.now(), Math.random, liveHandoff());
  logger.debug("agent check", { ...check, outcome });
});
