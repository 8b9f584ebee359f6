/**
 * The auction clock port: arranges for the closer (functions/handlers/auctions/close-auction.ts) to be
 * invoked with `{ auctionId }` at an auction's end. It is the backstop, not the clock: reads after
 * the end finalize too (DESIGN.md section 4). `clockFromEnv()` (clock-from-env.ts) picks the adapter.
 */

export interface AuctionClock {
  /** Idempotent: arming the same auction for the same end twice leaves one wake-up. */
  scheduleEnd(auctionId: string, endsAt: number): Promise<void>;
}

/** The payload the closer receives. */
export interface AuctionEndPayload {
  auctionId: string;
}

/**
 * One wake-up per auction and end time. A fresh name when the end moves means re-arming never edits
 * the schedule that is firing right now (EventBridge deletes that one after it completes).
 */
export function scheduleName(auctionId: string, endsAt: number): string {
  return `auction-${auctionId}-${Math.ceil(endsAt / 1000)}`;
}
