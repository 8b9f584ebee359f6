/**
 * Ending an auction (docs/architecture.md section 4): at endsAt it is over whatever else happens; the one
 * conditional update (status = active AND endsAt <= now, and unchanged since read) makes it `won`
 * (winner = last bidder) or `ended` (no bids) exactly once, done by whichever comes first — a read
 * after the end or the closer. The closer re-arms the clock when a bid moved the end.
 *
 * Whichever ends it hands `auction_ended` to the broadcaster when its caller passes a hand-off: at
 * 0:00 the first to end an auction is usually a watcher's own read, well before the closer's schedule
 * (about a minute of precision), and the stream's batching would add up to a second more.
 */
import { type AuctionRecord, getAuction, writeAuctionOutcome } from "../../adapters/dynamo/auctions-repo.ts";
import type { LiveHandoff } from "../../adapters/realtime/live-handoff.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { winPaymentDays } from "../../config/runtime.ts";
import { finalOutcome } from "../../domain/bidding.ts";
import { payByOf } from "../../domain/payment-deadlines.ts";
import { logger } from "../../observability/logger.ts";
import { handOffLiveUpdate } from "../realtime/live-updates.ts";
import { endEconomics } from "./auction-economics.ts";

/** A lost race re-reads; a few rounds are plenty (once over, the auction can no longer change). */
const MAX_ROUNDS = 4;

export interface FinalizeResult {
  /** The auction as it is now (finished, or still running). Null if it vanished (product deleted). */
  auction: AuctionRecord | null;
  /** True only for the one caller whose update ended the auction. */
  finalizedNow: boolean;
}

/**
 * Finishes `auction` (as read) if it is over at `now`; otherwise returns it unchanged. The call that
 * ends it hands the end to `liveHandoff` (none: the stream alone tells watchers).
 */
export async function finalizeIfOver(
  auction: AuctionRecord,
  now: number,
  liveHandoff?: LiveHandoff,
): Promise<FinalizeResult> {
  let current: AuctionRecord | null = auction;
  return retrying<FinalizeResult>(
    { attempts: MAX_ROUNDS },
    async () => {
      // It vanished (its product was deleted) while we looked.
      if (!current) return { auction: null, finalizedNow: false };
      const outcome = finalOutcome(current, now);
      if (!outcome) return { auction: current, finalizedNow: false };
      // A win must be paid within the stage's days of its end (domain/payment-deadlines.ts).
      const payBy = outcome.status === "won" ? payByOf(current.endsAt, winPaymentDays()) : undefined;
      // Worked out from the tallies as they are now: the update's `totalBids = :seen` fails if a bid lands meanwhile.
      const economics =
        outcome.status === "won" ? await endEconomics(current, outcome.winnerId, now) : undefined;
      const finished = await writeAuctionOutcome(current, outcome, now, payBy, economics);
      if (finished) {
        logger.info("auction finalized", {
          auctionId: finished.id,
          status: finished.status,
          totalBids: finished.totalBids,
        });
        await handOffLiveUpdate(liveHandoff, finished, "ended", now);
        return { auction: finished, finalizedNow: true };
      }
      // Someone else finished it, or a bid landed between our read and its end: look again.
      current = await getAuction(auction.id);
      return RETRY;
    },
    () => ({ auction: current, finalizedNow: false }),
  );
}

/** One auction as it truly is at `now` (finalized on the way if over); null when there is none. */
export async function readFinalized(
  id: string,
  now: number,
  liveHandoff?: LiveHandoff,
): Promise<AuctionRecord | null> {
  const read = await getAuction(id);
  return read ? (await finalizeIfOver(read, now, liveHandoff)).auction : null;
}

/** Reads where a caller needs the auction's true state: finalizes any auction found over. */
export async function finalizeAllOver(
  auctions: AuctionRecord[],
  now: number,
  liveHandoff?: LiveHandoff,
): Promise<AuctionRecord[]> {
  const results = await Promise.all(
    auctions.map((a) =>
      finalOutcome(a, now) ? finalizeIfOver(a, now, liveHandoff).then((r) => r.auction) : a,
    ),
  );
  return results.filter((a): a is AuctionRecord => a !== null);
}
