/**
 * The rules of the auction engine (docs/architecture.md section 4). Pure: no AWS, time is a parameter (ms epoch).
 */

import { type BidRefusal, bidRefusalFor, lockedOut } from "#shared/bid-refusals";
import type { AuctionStatus } from "#shared/constants";
import { formatCents } from "#shared/money";

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
  /** The price whose bid locks the auction to its earlier bidders; absent: it never locks. */
  lockAtPriceCents?: number;
  /** A bid reached lockAtPriceCents: only users who bid before may bid on. */
  locked?: boolean;
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

/**
 * Who may bid (shared/bid-refusals.ts), from the stored auction and the bidder. `bidsPlacedHere` (the
 * bidder's tally on the auction) only matters once it locked; a caller that has not read it gets the
 * locked-out answer on a locked auction, never a bid let in by mistake.
 */
export function bidRefusal(
  auction: AuctionRuleState,
  userId: string,
  now: number,
  role?: string,
  bidsPlacedHere = 0,
): BidRefusal | null {
  return bidRefusalFor({
    ended: isOver(auction, now),
    staff: role === "admin",
    ownsItem: auction.sellerUserId === userId,
    lockedOut: lockedOut({ locked: auction.locked === true }, bidsPlacedHere),
    leading: auction.lastBidderId === userId,
  });
}

/**
 * A lock price is the price of a bid still to come, so above the start (cents): null when it is, else
 * what to tell the admin.
 */
export function lockPriceRefusal(lockAtPriceCents: number, startingPriceCents: number): string | null {
  if (lockAtPriceCents > startingPriceCents) return null;
  return `Lock price must be above the starting price (${formatCents(startingPriceCents)})`;
}

export interface BidPlan {
  /** The bid's number: totalBids after it. */
  sequence: number;
  priceCents: number;
  endsAt: number;
  /** This bid brings the price to the lock price or above: it locks the auction. */
  locks: boolean;
  /** The auction was locked already: the bidder must have bid on it before (the transaction checks). */
  onlyEarlierBidders: boolean;
}

/** What an accepted bid at `now` changes. The caller has checked `bidRefusal` first. */
export function planBid(auction: AuctionRuleState, now: number): BidPlan {
  const sequence = auction.totalBids + 1;
  const priceCents = priceAfterBids(auction.startingPriceCents, sequence, auction.bidIncrementCents);
  const locked = auction.locked === true;
  return {
    sequence,
    priceCents,
    endsAt: endsAtAfterBid(auction.endsAt, now, auction.extensionSeconds),
    locks: !locked && auction.lockAtPriceCents !== undefined && priceCents >= auction.lockAtPriceCents,
    onlyEarlierBidders: locked,
  };
}

/** What a committed bid sets on the auction, manual or an agent's (`auto`); `hash` is the new ledger head. */
export function auctionAfterBid<A extends object>(
  auction: A,
  plan: BidPlan,
  bidder: { id: string; username: string; joinedAt?: string },
  hash: string,
  auto: boolean,
) {
  const { lastBidderJoinedAt: _previous, ...rest } = auction as A & { lastBidderJoinedAt?: string };
  return {
    ...rest,
    priceCents: plan.priceCents,
    totalBids: plan.sequence,
    endsAt: plan.endsAt,
    lastBidderId: bidder.id,
    lastBidderUsername: bidder.username,
    ...(bidder.joinedAt ? { lastBidderJoinedAt: bidder.joinedAt } : {}),
    ledgerHead: hash,
    lastBidAuto: auto,
    ...(plan.locks ? { locked: true } : {}),
  };
}

/** The latest bid of this state is the one that locked the auction (the price before it was below the lock). */
export function latestBidLocked(
  auction: Pick<AuctionRuleState, "locked" | "lockAtPriceCents" | "bidIncrementCents"> & {
    priceCents: number;
  },
): boolean {
  return (
    auction.locked === true &&
    auction.lockAtPriceCents !== undefined &&
    auction.priceCents - auction.bidIncrementCents < auction.lockAtPriceCents
  );
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
