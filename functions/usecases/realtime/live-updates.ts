/**
 * The direct path of live updates (docs/architecture.md section 4): a function that just placed a bid
 * or ended an auction hands the new state to the broadcaster at once; the table's stream brings the
 * same state a moment later and the broadcaster sends whichever comes first, once.
 */
import type { AuctionRecord } from "../../adapters/dynamo/auctions-repo.ts";
import type { LiveHandoff } from "../../adapters/realtime/live-handoff.ts";
import { auctionMessage } from "../../domain/realtime-messages.ts";
import { logger } from "../../observability/logger.ts";

/**
 * Hands `auction`'s state after `change` to the broadcaster through `handoff` (none: the stream alone
 * tells watchers). The handoff comes from the handler (functions/adapters/realtime/handoff-from-env.ts),
 * so only the functions that hand off load the Lambda client. Never fails the caller: the bid or the
 * end stands, and the stream delivers what did not get through.
 */
export async function handOffLiveUpdate(
  handoff: LiveHandoff | undefined,
  auction: AuctionRecord,
  change: "bid" | "ended",
  now: number,
): Promise<void> {
  if (!handoff) return;
  const message = auctionMessage(auction, change, now);
  try {
    await handoff.handOff(message);
  } catch (error) {
    logger.warn("live update hand-off failed; the stream delivers it", {
      auctionId: auction.id,
      totalBids: auction.totalBids,
      error: error as Error,
    });
  }
}
