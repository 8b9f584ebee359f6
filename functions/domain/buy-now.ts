/**
 * Buy It Now's published rules. Pure: no AWS, time is a parameter.
 *
 * A bidder who placed at least one bid on an auction and did not win it may buy the item at its retail
 * price, less what they paid for the bids they spent there (functions/domain/paid-bids.ts: never more
 * than the retail price), while the auction is live or for 7 days after it ended, once per auction,
 * while stock lasts, and not while they lead the live auction.
 */

import { buyNowClosesAt } from "#shared/buy-now";
import { BUY_NOW_DAYS_AFTER_END } from "#shared/constants";
import { buyNowCreditCents, type PaidCredits } from "./paid-bids.ts";

export { BUY_NOW_DAYS_AFTER_END };

export const BUY_NOW_MESSAGES = {
  notOffered: "Buy It Now is not offered for this item",
  noBids: "Place at least one bid on this auction to buy it now",
  winner: "You won this auction: pay for it from My Wins",
  expired: "Buy It Now closed 7 days after the auction ended",
  soldOut: "Sold out",
  alreadyBought: "You already bought this item with Buy It Now",
  leading: "You are the highest bidder: Buy It Now opens again if someone outbids you",
} as const;

export type BuyNowRefusal = keyof typeof BUY_NOW_MESSAGES;

export interface BuyNowFacts {
  /** null or 0: the product offers no Buy It Now. */
  retailPriceCents: number | null;
  stockLeft: number;
  bidsPlaced: number;
  /** What the user paid for their credits (and already had credited). */
  paidCredits: PaidCredits;
  /** The stage's ceiling on one bid's worth. */
  bidValueCents: number;
  auctionActive: boolean;
  /** ms epoch the auction ended (its final endsAt); null while live. */
  endedAt: number | null;
  /** The auction's end as it stands (ms epoch), to say until when a live auction's offer holds. */
  endsAt: number;
  isWinner: boolean;
  /** The user leads the live auction: buying now while leading would let them win it as well. */
  isLeading: boolean;
  alreadyBought: boolean;
}

export interface BuyNowOffer {
  eligible: boolean;
  reason: BuyNowRefusal | null;
  creditCents: number;
  priceCents: number;
  /** ms epoch after which the offer is gone, or null when no offer exists. */
  expiresAt: number | null;
}

/** credit = what the bids placed cost the buyer, capped at the retail price; price = retail − credit. */
export function buyNowPrice(
  retailPriceCents: number,
  bidsPlaced: number,
  paidCredits: PaidCredits,
  bidValueCents: number,
) {
  const creditCents = buyNowCreditCents(retailPriceCents, bidsPlaced, paidCredits, bidValueCents);
  return { creditCents, priceCents: retailPriceCents - creditCents };
}

export function buyNowOffer(facts: BuyNowFacts, now: number): BuyNowOffer {
  const retail = facts.retailPriceCents ?? 0;
  const { creditCents, priceCents } = buyNowPrice(
    retail,
    facts.bidsPlaced,
    facts.paidCredits,
    facts.bidValueCents,
  );
  const endedAt = facts.auctionActive ? null : (facts.endedAt ?? facts.endsAt);
  const expiresAt = retail > 0 ? buyNowClosesAt(endedAt ?? facts.endsAt) : null;
  const reason = refusal(facts, retail, expiresAt, now);
  return { eligible: reason === null, reason, creditCents, priceCents, expiresAt };
}

function refusal(
  facts: BuyNowFacts,
  retail: number,
  expiresAt: number | null,
  now: number,
): BuyNowRefusal | null {
  if (retail <= 0 || expiresAt === null) return "notOffered";
  if (facts.alreadyBought) return "alreadyBought";
  if (facts.isWinner) return "winner";
  if (facts.bidsPlaced < 1) return "noBids";
  if (!facts.auctionActive && now >= expiresAt) return "expired";
  if (facts.stockLeft < 1) return "soldOut";
  if (facts.auctionActive && facts.isLeading) return "leading";
  return null;
}
