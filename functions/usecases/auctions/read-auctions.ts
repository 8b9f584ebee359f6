/** The public reads of auctions: any auction found over is finalized on the way (docs/architecture.md section 4). */
import { RECENT_BIDS_SHOWN } from "#shared/constants";
import { centsToDecimal } from "#shared/money";
import type { AuctionDetail, AuctionSummary, BidderSpend } from "#shared/schemas/auctions";
import type { Page, PageRequest } from "#shared/schemas/pages";
import {
  type AuctionRecord,
  listAuctionsByStatus,
  listLiveAuctionsPage,
} from "../../adapters/dynamo/auctions-repo.ts";
import { listRecentBids } from "../../adapters/dynamo/bids-repo.ts";
import { getBidderTally } from "../../adapters/dynamo/buy-now-repo.ts";
import { readPaidCredits } from "../../adapters/dynamo/paid-credits-repo.ts";
import { getAccountsCreatedAt } from "../../adapters/dynamo/users-repo.ts";
import type { LiveHandoff } from "../../adapters/realtime/live-handoff.ts";
import { bidValueCents } from "../../config/runtime.ts";
import { type PaidCredits, paidBidsValueCents } from "../../domain/paid-bids.ts";
import { freshSpotPrices } from "../spot-prices/read-spot-prices.ts";
import { toAuctionSummary } from "../views/auction-view.ts";
import { badgeOf, toBidView } from "../views/bid-view.ts";
import { economicsField, winnerAllInOf } from "./auction-economics.ts";
import { finalizeAllOver, readFinalized } from "./finalize-auction.ts";

/**
 * The live auctions (index AUCTIONS#active, then one BatchGet), ending soonest first. Auctions this
 * read finds over are finalized and returned once with their final status, so a page showing them
 * learns the outcome; an end this read makes goes to `liveHandoff` too (functions/usecases/finalize-auction.ts).
 */
export async function listLiveAuctions(now: number, liveHandoff?: LiveHandoff): Promise<AuctionSummary[]> {
  return endingSoonestFirst(await listAuctionsByStatus("active"), now, liveHandoff);
}

/**
 * One page of the same list, reading at most `limit` auctions. Pages follow the index of scheduled
 * ends (keys.ts liveAuctions) and each page is ordered by the real end. A bid moves an end only inside
 * the auction's last extension window, and only to at most `now + extension`, so every auction not yet
 * in its window ends exactly when scheduled, after all those that are: walking the pages gives the whole
 * list's order, except when more than `limit` auctions are in their last seconds at once (those may
 * straddle the first two pages, each page still in order).
 */
export async function listLiveAuctionsPageAt(
  now: number,
  request: PageRequest,
  liveHandoff?: LiveHandoff,
): Promise<Page<AuctionSummary>> {
  const page = await listLiveAuctionsPage(request);
  return { items: await endingSoonestFirst(page.items, now, liveHandoff), nextCursor: page.nextCursor };
}

/** Auctions found over are finalized on the way and returned once with their final status. */
async function endingSoonestFirst(
  auctions: AuctionRecord[],
  now: number,
  liveHandoff: LiveHandoff | undefined,
): Promise<AuctionSummary[]> {
  const [current, spot] = await Promise.all([
    finalizeAllOver(auctions, now, liveHandoff),
    freshSpotPrices(now),
  ]);
  return current.sort((a, b) => a.endsAt - b.endsAt).map((auction) => toAuctionSummary(auction, now, spot));
}

/**
 * One auction with its latest bids (oldest to newest), or null when there is no such auction; with
 * `viewerId`, what that viewer spent on it (`me`).
 */
export async function readAuctionDetail(
  id: string,
  now: number,
  liveHandoff?: LiveHandoff,
  viewerId?: string,
): Promise<AuctionDetail | null> {
  const [auction, spot, liveSpend] = await Promise.all([
    readFinalized(id, now, liveHandoff),
    freshSpotPrices(now),
    // Read alongside the auction (not knowing yet whether the viewer won it), so the answer waits for neither.
    viewerId ? readBidderSpend(id, viewerId) : undefined,
  ]);
  if (!auction) return null;
  // Read after the auction, so the list holds at least the bids its price counts.
  const bids = await listRecentBids(id, RECENT_BIDS_SHOWN);
  // One BatchGet for every badge the page shows (at most the recent bids' bidders and the winner).
  const created = await getAccountsCreatedAt([
    ...new Set([...bids.map((bid) => bid.userId), ...(auction.winnerId ? [auction.winnerId] : [])]),
  ]);
  const summary = toAuctionSummary(auction, now, spot);
  // The winner's spend is the one their win's end fixed (My Wins' and the order's), not their average now.
  const me =
    auction.status === "won" && viewerId === auction.winnerId ? winnerAllInOf(auction).me : liveSpend;
  return {
    ...summary,
    winner: summary.winner && { ...summary.winner, ...badgeOf(auction.winnerId, auction.endsAt, created) },
    bids: bids.map((bid) => toBidView(bid, created)),
    ...economicsField(auction),
    ...(me ? { me } : {}),
  };
}

/** What `userId` spent on the auction so far: their bids, by hand and by agent, at what they paid for them now. */
async function readBidderSpend(auctionId: string, userId: string): Promise<BidderSpend> {
  const [{ bids }, paid] = await Promise.all([getBidderTally(auctionId, userId), readPaidCredits(userId)]);
  return { bidsPlaced: bids, bidsValue: centsToDecimal(bidsValueCents(bids, paid)) };
}

/**
 * What `bids` spent bids are worth (the all-in cost's other part): what the user paid for them, at most
 * the stage's bid value each (functions/domain/paid-bids.ts), the same worth Buy It Now credits.
 */
export function bidsValueCents(bids: number, paid: PaidCredits): number {
  return paidBidsValueCents(bids, paid, bidValueCents());
}
