/**
 * The hand-off from a change of an auction (a bid by hand or by an agent, a booking) to the Bid Agent
 * engine: a check queued for the moment agents may act. Through the queue, so bidding never calls the
 * engine itself.
 */
import { agentCheckAt } from "../../domain/agents.ts";
import { logger } from "../../observability/logger.ts";
import type { AuctionRecord } from "../dynamo/auctions-repo.ts";
import { agentQueue } from "./queue-from-env.ts";

/** Queues a check of `auction` as it now stands, to run at `atMs`. */
export async function queueCheck(auction: AuctionRecord, atMs: number, now: number): Promise<void> {
  await agentQueue().scheduleCheck({ auctionId: auction.id, seenTotalBids: auction.totalBids }, atMs, now);
}

/** Queues the check that follows a change of `auction` (a bid, a booking), if any agent is active on it. */
export async function queueNextCheck(auction: AuctionRecord, now: number): Promise<void> {
  if ((auction.activeAgents ?? 0) < 1) return;
  try {
    await queueCheck(auction, agentCheckAt(auction.endsAt, now, auction.extensionSeconds), now);
  } catch (error) {
    // The bid or booking stands; the sweep queues the check within a minute.
    logger.warn("could not queue an agent check", { auctionId: auction.id, error: error as Error });
  }
}
