import { logger } from "../../observability/logger.ts";
import type { AuctionClock } from "./auction-clock.ts";
import { eventBridgeClock } from "./eventbridge-clock.ts";
import { localClock } from "./local-clock.ts";

const noClock: AuctionClock = {
  async scheduleEnd(auctionId) {
    logger.debug("no auction clock configured; the auction ends on its next read", { auctionId });
  },
};

/**
 * The adapter the environment asks for:
 *  - LOCAL_SCHEDULER_URL set: the local clock of `npm run dev` (local-clock.ts);
 *  - SCHEDULER_GROUP_NAME set: EventBridge Scheduler (eventbridge-clock.ts);
 *  - neither (unit and integration tests): no clock; auctions still end on their next read.
 */
export function clockFromEnv(): AuctionClock {
  if (process.env.LOCAL_SCHEDULER_URL) return localClock(process.env.LOCAL_SCHEDULER_URL);
  if (process.env.SCHEDULER_GROUP_NAME) return eventBridgeClock();
  return noClock;
}
