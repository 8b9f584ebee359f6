/**
 * The auction clock port: arranges for the closer (functions/handlers/auctions/close-auction.ts) to be
 * invoked with `{ auctionId }` at an auction's end. It is the backstop, not the clock: reads after
 * the end finalize too (docs/architecture.md section 4). `clockFromEnv()` (clock-from-env.ts) picks the adapter.
 */

export interface AuctionClock {
  /**
   * Idempotent for a first arming: the same auction and end twice leave one wake-up. The closer passes
   * `rearmedAt` (its own time), which always makes a new wake-up: the one that just fired may be the
   * same name and is being deleted.
   */
  scheduleEnd(auctionId: string, endsAt: number, options?: { rearmedAt?: number }): Promise<void>;
}

/** The payload the closer receives. */
export interface AuctionEndPayload {
  auctionId: string;
}

/**
 * One wake-up per auction and end time (and re-arming moment): a re-arm never edits the schedule that
 * is firing right now, which EventBridge deletes once it completes. Times in base 36 keep the name
 * within Scheduler's 64 characters.
 */
export function scheduleName(auctionId: string, endsAt: number, rearmedAt?: number): string {
  const end = Math.ceil(endsAt / 1000).toString(36);
  const rearm = rearmedAt === undefined ? "" : `-${Math.floor(rearmedAt / 1000).toString(36)}`;
  return `auction-${auctionId}-${end}${rearm}`;
}
