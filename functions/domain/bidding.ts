/**
 * The rules of the auction engine (docs/architecture.md section 4). Pure: no AWS, time is a parameter (ms epoch).
 */

import { type BidRefusal, bidRefusalFor } from "#shared/bid-refusals";
import type { AuctionStatus } from "#shared/constants";

/** The part of an auction the rules look at. */
export interface AuctionRuleState {
  status: AuctionStatus;
  /** ms epoch; no bid is accepted at or after it. */
  endsAt: number;
  totalBids: number;
  startingPriceCents: number;
  bidIncrementCents: number;
  /** A bid accepted with this much time or less left moves the end to now + this. */
  extensionSeconds: number;
  /** The user who owns the seller profile that listed the product. */
  sellerUserId: string;
  lastBidderId?: string | null;
}

/** Bid number n makes the price startingPrice + n × bidIncrement. */
export function priceAfterBids(
  startingPriceCents: number,
  bidCount: number,
  bidIncrementCents: number,
): number {
  return startingPriceCents + bidCount * bidIncrementCents;
}

/**
 * The end after a bid accepted at `now`: more than the extension left keeps it; the extension or less
 * left sets it to now + extension, so the clock never shows less than the extension right after a bid.
 */
export function endsAtAfterBid(endsAt: number, now: number, extensionSeconds: number): number {
  const extensionMs = extensionSeconds * 1000;
  return endsAt - now > extensionMs ? endsAt : now + extensionMs;
}

/** At endsAt the auction is over whatever else happens. */
export function isOver(auction: Pick<AuctionRuleState, "status" | "endsAt">, now: number): boolean {
  return auction.status !== "active" || now >= auction.endsAt;
}

/** Who may bid (shared/bid-refusals.ts), from the stored auction and the bidder. */
export function bidRefusal(
  auction: AuctionRuleState,
  userId: string,
  now: number,
  role?: string,
): BidRefusal | null {
  return bidRefusalFor({
    ended: isOver(auction, now),
    staff: role === "admin",
    ownsItem: auction.sellerUserId === userId,
    leading: auction.lastBidderId === userId,
  });
}

export interface BidPlan {
  /** The bid's number: totalBids after it. */
  sequence: number;
  priceCents: number;
  endsAt: number;
}

/** What an accepted bid at `now` changes. The caller has checked `bidRefusal` first. */
export function planBid(auction: AuctionRuleState, now: number): BidPlan {
  const sequence = auction.totalBids + 1;
  return {
    sequence,
    priceCents: priceAfterBids(auction.startingPriceCents, sequence, auction.bidIncrementCents),
    endsAt: endsAtAfterBid(auction.endsAt, now, auction.extensionSeconds),
  };
}

/** What a committed bid sets on the auction, manual or an agent's (`auto`); `hash` is the new ledger head. */
export function auctionAfterBid<A extends object>(
  auction: A,
  plan: BidPlan,
  bidder: { id: string; username: string },
  hash: string,
  auto: boolean,
) {
  return {
    ...auction,
    priceCents: plan.priceCents,
    totalBids: plan.sequence,
    endsAt: plan.endsAt,
    lastBidderId: bidder.id,
    lastBidderUsername: bidder.username,
    ledgerHead: hash,
    lastBidAuto: auto,
  };
}

export type AuctionOutcome = { status: "won"; winnerId: string } | { status: "ended" };

/**
 * How an auction over at `now` finishes: won by the last bidder, or ended with no bids. Null while it
 * is still running or already finished.
 */
export function finalOutcome(auction: AuctionRuleState, now: number): AuctionOutcome | null {
  if (auction.status !== "active" || now < auction.endsAt) return null;
  if (auction.totalBids > 0 && auction.lastBidderId) return { status: "won", winnerId: auction.lastBidderId };
  return { status: "ended" };
}

/**
 * Backoff before retry `attempt` (1-based) of a lost bid race: full jitter over an exponential cap, so
 * colliding bidders spread out instead of colliding again. `random` is in [0, 1).
 */
export function retryDelayMs(attempt: number, random: number, baseMs = 8, capMs = 250): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.floor(random * ceiling);
}
