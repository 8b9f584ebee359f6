/**
 * What the house collected for an auction once it is won (docs/product.md, "Each auction's
 * economics"): every bid at what its bidder paid per credit (free and voucher credits at $0, never
 * more than the stage's bid value: the worth Buy It Now credits, functions/domain/paid-bids.ts), plus
 * the final price. Pure: the tallies, sums and prices are parameters.
 */
import { type PaidCredits, paidBidsValueCents } from "./paid-bids.ts";

/** One bidder's bids on the auction and the sums of what they paid for their credits. */
export interface BidderPaid {
  bids: number;
  paid: PaidCredits;
}

/** What the bids placed on the auction cost their bidders, each bidder's at their own average. */
export function bidsValueOfBidders(bidders: readonly BidderPaid[], bidValueCents: number): number {
  return bidders.reduce(
    (sum, bidder) => sum + paidBidsValueCents(bidder.bids, bidder.paid, bidValueCents),
    0,
  );
}

/** One bidder's tally on the auction, named. */
export interface NamedBidderPaid extends BidderPaid {
  userId: string;
}

/** The bids' worth at a win's end: all bidders' together, and the winner's own. */
export interface BidsAtEnd {
  bidsValueCents: number;
  /** The winner's bids and what they cost the winner, fixed here: every later read of the win's all-in cost uses them. */
  winnerBids: number;
  winnerBidsValueCents: number;
}

/** The bids' worth as a win ends, every bidder's at their own average (a winner without a tally spent none). */
export function bidsAtEnd(
  bidders: readonly NamedBidderPaid[],
  winnerId: string,
  bidValueCents: number,
): BidsAtEnd {
  const winner = bidders.find((bidder) => bidder.userId === winnerId);
  return {
    bidsValueCents: bidsValueOfBidders(bidders, bidValueCents),
    winnerBids: winner?.bids ?? 0,
    winnerBidsValueCents: winner ? paidBidsValueCents(winner.bids, winner.paid, bidValueCents) : 0,
  };
}

/** What a won auction's record keeps of its end. */
export interface EndEconomics extends BidsAtEnd {
  /** The item's melt value at the fresh spot price of its end; absent without one. */
  meltValueAtEndCents?: number;
}

export interface AuctionEconomics {
  bids: number;
  bidsValueCents: number;
  finalPriceCents: number;
  collectedCents: number;
  retailPriceCents: number | null;
  meltValueCents: number | null;
}

/**
 * The economics of a won auction whose end recorded them; null while it runs or when nobody won
 * (an auction that ended without a bid sold nothing and collected nothing).
 */
export function economicsOf(auction: {
  status: string;
  winnerId?: string | undefined;
  totalBids: number;
  priceCents: number;
  retailPriceCents?: number | undefined;
  bidsValueCents?: number | undefined;
  meltValueAtEndCents?: number | undefined;
}): AuctionEconomics | null {
  if (auction.status !== "won" || !auction.winnerId || auction.bidsValueCents === undefined) return null;
  return {
    bids: auction.totalBids,
    bidsValueCents: auction.bidsValueCents,
    finalPriceCents: auction.priceCents,
    collectedCents: auction.bidsValueCents + auction.priceCents,
    retailPriceCents: auction.retailPriceCents ?? null,
    meltValueCents: auction.meltValueAtEndCents ?? null,
  };
}
