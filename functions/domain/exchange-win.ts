/**
 * Exchanging a win for its bids (docs/product.md, "Exchange a win for your bids"): the winner may give
 * the item up before paying, while the payment deadline has not passed, and gets back every bid they
 * placed on the auction (by hand and by their Bid Agent). The win then counts as expired unpaid: the
 * seller is told and the admin may list the item again. Pure: no AWS, time is a parameter.
 *
 * The bids come back at what they cost: the paid-credit sums (paid-bids.ts) are left as they are, so
 * the average a bid is worth, which Buy It Now credits and all-in figures use, does not move. Adding
 * them as credits received would count them at $0, as free credits are.
 */
import { type AuctionStatus, BID_COST_CREDITS, type PaymentStatus } from "#shared/constants";
import { plural } from "#shared/plural";

export const EXCHANGE_WIN_MESSAGES = {
  notFound: "Auction not found",
  stillRunning: "This auction has not ended yet",
  notWinner: "Only the winner of this auction can exchange it for their bids",
  exchanged: "This win has already been exchanged for its bids",
  paid: "This win has been paid for: it can no longer be exchanged for its bids",
  expired: "The payment deadline has passed: this win can no longer be exchanged for its bids",
  busy: "This win is being updated. Please try again.",
} as const;

export type ExchangeWinRefusal = Exclude<keyof typeof EXCHANGE_WIN_MESSAGES, "notFound" | "busy">;

export interface ExchangeWinFacts {
  status: AuctionStatus;
  winnerId?: string;
  /** The win's payment deadline (ms epoch); absent on wins from before deadlines. */
  payBy?: number;
  paymentExpiredAt?: string;
  /** Set once the win was exchanged: the bids that came back. */
  exchangedBids?: number;
}

/**
 * Why `userId` may not exchange the win now, or null. The auction's own state first (running, not
 * theirs), then what became of the win: exchanged already, paid (its order's payment is not pending),
 * or past its deadline.
 */
export function exchangeWinRefusal(
  auction: ExchangeWinFacts,
  order: { paymentStatus: PaymentStatus } | null,
  userId: string,
  now: number,
): ExchangeWinRefusal | null {
  if (auction.status === "active") return "stillRunning";
  if (auction.status !== "won" || auction.winnerId !== userId) return "notWinner";
  if (auction.exchangedBids !== undefined) return "exchanged";
  if (order && order.paymentStatus !== "pending") return "paid";
  if (auction.paymentExpiredAt || (auction.payBy !== undefined && now >= auction.payBy)) return "expired";
  return null;
}

/** The credits that come back for the `bidsPlaced` bids the winner placed on the auction. */
export function exchangedCredits(bidsPlaced: number): number {
  return Math.max(0, bidsPlaced) * BID_COST_CREDITS;
}

/**
 * Why an exchanged win (or its order) can no longer be paid for: its own 409, not the payment
 * deadline's, since the winner gave it up before the deadline.
 */
export function exchangedWinPaymentMessage(exchangedBids: number): string {
  return `You exchanged this win for ${plural(exchangedBids, "bid")}`;
}
