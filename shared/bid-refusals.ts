/**
 * Who may bid on an auction, for the server (which enforces it: functions/domain/bidding.ts) and the
 * page (which says it in place of the Place Bid button), with the words both use. Each side states the
 * facts from what it holds: the server from the stored auction and the bidder, the page from its payload
 * and the signed-in user.
 */
export const BID_MESSAGES = {
  notFound: "Auction not found",
  ended: "Auction has ended",
  ownAuction: "You cannot bid on your own items",
  staff: "Staff accounts cannot bid",
  leading: "You are already the highest bidder",
  noCredits: "Insufficient bid credits",
  boughtNow: "You bought this item with Buy It Now, so you can no longer bid on it",
  lockedOut: "This auction is locked: only bidders who bid before it locked can bid",
  busy: "So many bids are arriving on this auction that yours could not be placed. Please try again.",
} as const;

export type BidRefusal = "ended" | "staff" | "own-auction" | "locked-out" | "already-leading";

export interface BidderFacts {
  /** The auction is over: not active, or its end has passed. */
  ended: boolean;
  /** Staff never bid, so the public ledger can promise that no house account ever did. */
  staff: boolean;
  /** The bidder owns the seller profile that listed the item. */
  ownsItem: boolean;
  /**
   * The auction is locked (a bid reached its lock price) and the bidder placed no bid on it before:
   * late arrivals may not jump into an auction others have already spent bids on.
   */
  lockedOut: boolean;
  /** The bidder placed the auction's last bid. */
  leading: boolean;
}

/** Locked out: the auction locked and this bidder had placed no bid on it by then. */
export function lockedOut(auction: { locked: boolean }, bidsPlacedHere: number): boolean {
  return auction.locked && bidsPlacedHere === 0;
}

/** Null when the bidder may bid, else the first reason they may not, in the order the server checks. */
export function bidRefusalFor(facts: BidderFacts): BidRefusal | null {
  if (facts.ended) return "ended";
  if (facts.staff) return "staff";
  if (facts.ownsItem) return "own-auction";
  if (facts.lockedOut) return "locked-out";
  if (facts.leading) return "already-leading";
  return null;
}
