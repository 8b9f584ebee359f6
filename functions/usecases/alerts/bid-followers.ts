/**
 * Following the auctions one bids on (docs/product.md, Alerts): a bidder whose setting
 * `alertsForBidAuctions` is on joins the auction's followers, beside its watchers, so the ending-soon
 * sweep finds them with the same one Query. Written after the bid, outside its transaction and its
 * gate, and best-effort: a failure costs an alert, never the bid.
 */
import { putBidFollower } from "../../adapters/dynamo/watchlist-repo.ts";
import { logger } from "../../observability/logger.ts";

/**
 * The (auction, user) pairs this container already wrote: the conditional put would change nothing,
 * so later bids by the same user on the same auction skip it. Bounded: a full set starts again.
 */
const written = new Set<string>();
const MAX_REMEMBERED = 10_000;

export async function followAuctionBidOn(
  bidder: { id: string; followsBidAuctions: boolean },
  auction: { id: string; endsAt: number },
  now: number,
): Promise<void> {
  if (!bidder.followsBidAuctions) return;
  const pair = `${auction.id}#${bidder.id}`;
  if (written.has(pair)) return;
  try {
    await putBidFollower(bidder.id, auction.id, auction.endsAt, now);
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.add(pair);
  } catch (error) {
    logger.warn("could not add the bidder to the auction's followers", {
      auctionId: auction.id,
      userId: bidder.id,
      error,
    });
  }
}
