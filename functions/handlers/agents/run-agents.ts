import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { Context, SQSEvent, SQSRecord } from "aws-lambda";
import { z } from "zod";
import { logger } from "../../observability/logger.ts";
import { runAgentCheck } from "../../usecases/run-agents.ts";

const processor = new BatchProcessor(EventType.SQS);
const checkSchema = z.object({
  auctionId: z.string().min(1).max(64),
  seenTotalBids: z.number().int().min(0),
});

/**
 * The Bid Agent engine: each SQS message (delayed to its moment) is one check of one auction. A
 * message that can never be valid is logged and dropped; a failing check goes back to the queue
 * (partial batch response) and, after its retries, to the dead-letter queue.
 */
export async function handler(event: SQSEvent, context: Context) {
  return processPartialResponse(
    event,
    async (record: SQSRecord) => {
      let body: unknown;
      try {
        body = JSON.parse(record.body);
      } catch {
        body = null;
      }
      const check = checkSchema.safeParse(body);
      if (!check.success) {
        logger.error("agent check with a malformed body", { body: record.body.slice(0, 500) });
        return;
      }
      const outcome = await runAgentCheck(check.data, Date.now());
      logger.debug("agent check", { ...check.data, outcome });
    },
    processor,
    { context },
  );
}
