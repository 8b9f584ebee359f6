import * as z from "#shared/schemas/zod";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { clockFromEnv } from "../../adapters/scheduler/clock-from-env.ts";
import { logger } from "../../observability/logger.ts";
import { closeAuction } from "../../usecases/auctions/close-auction.ts";

const payloadSchema = z.object({ auctionId: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * Invoked by the auction clock (EventBridge Scheduler, or the local clock) with `{ auctionId }` at an
 * auction's end: finalizes it, or re-arms the clock when a bid moved the end.
 */
export async function handler(event: unknown) {
  const parsed = payloadSchema.safeParse(event);
  if (!parsed.success) {
    // A malformed payload will never become valid: retrying it would only repeat this.
    logger.error("closer called without an auction id", { event: JSON.stringify(event).slice(0, 500) });
    return { result: "invalid" };
  }
  const result = await closeAuction(parsed.data.auctionId, Date.now(), clockFromEnv(), liveHandoff());
  logger.info("auction closer ran", { auctionId: parsed.data.auctionId, result });
  return { result };
}
