/**
 * The Bid Agent engine's timer port: "look at this auction at that moment". EventBridge Scheduler's
 * minute precision is too coarse for a window a few seconds wide, so AWS uses SQS delay messages
 * (second precision, up to 15 minutes; a later moment is reached by the engine re-queueing itself).
 * The local stack and tests install an in-process stand-in (scripts/local/agent-queue.ts).
 *
 * A check names the bid count it was queued for: a check that finds more bids is stale (the newer bid
 * queued its own) and does nothing, so duplicates and late deliveries are harmless.
 */
export interface AgentCheck {
  auctionId: string;
  seenTotalBids: number;
}

export interface AgentQueue {
  scheduleCheck(check: AgentCheck, atMs: number, now: number): Promise<void>;
}

/** SQS's longest delay. */
export const MAX_DELAY_SECONDS = 900;

export function delaySeconds(atMs: number, now: number): number {
  return Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil((atMs - now) / 1000)));
}
