/**
 * What a spent bid is worth: the money its buyer paid for it, never more (docs/architecture.md section 4,
 * "Buy It Now"). Pure: the sums come from the user's item (functions/adapters/dynamo/paid-credits-repo.ts).
 *
 * A user's account keeps three running sums: the money paid for bid credits (less what refunds took
 * back), every credit received (bought, granted free by an admin, given at sign-up) and the Buy It Now
 * credit already used. A bid is worth the average price paid per credit received (a free credit adds a
 * credit and no money, so it counts at $0), at most the stage's `bidValue`. Buy It Now credits that
 * value, capped by the retail price and by the money paid not yet credited: the average moves as the
 * user buys, so only that last cap keeps every credit together within what was paid.
 */

export interface PaidCredits {
  /** Money paid for bid credits, less refunds (may go below 0 after a refund of spent credits). */
  paidCents: number;
  /** Every credit ever received: bought, granted or given at sign-up. */
  creditsReceived: number;
  /** Buy It Now credit already used. */
  creditedCents: number;
}

export const NO_PAID_CREDITS: PaidCredits = { paidCents: 0, creditsReceived: 0, creditedCents: 0 };

/** What `bids` spent bids are worth: the all-in cost's other part, shown beside every auction and order. */
export function paidBidsValueCents(bids: number, account: PaidCredits, bidValueCents: number): number {
  const paid = Math.max(0, account.paidCents);
  const received = Math.max(0, account.creditsReceived);
  if (bids <= 0 || paid === 0 || received === 0) return 0;
  // No more bids than credits received count (bids spent before the sums were kept were never paid for here).
  const counted = Math.min(bids, received);
  const atAverage = Math.floor((counted * paid) / received);
  return Math.min(atAverage, counted * Math.max(0, bidValueCents));
}

/** The money paid for credits that no Buy It Now has credited yet. */
export function uncreditedCents(account: PaidCredits): number {
  return Math.max(0, Math.max(0, account.paidCents) - Math.max(0, account.creditedCents));
}

/** Buy It Now's credit for `bids` bids on one auction. */
export function buyNowCreditCents(
  retailPriceCents: number,
  bids: number,
  account: PaidCredits,
  bidValueCents: number,
): number {
  return Math.max(
    0,
    Math.min(retailPriceCents, paidBidsValueCents(bids, account, bidValueCents), uncreditedCents(account)),
  );
}

/** A payment of `amountCents` for `bids` credits, credited. */
export function afterPurchase(account: PaidCredits, bids: number, amountCents: number): PaidCredits {
  return {
    ...account,
    paidCents: account.paidCents + amountCents,
    creditsReceived: account.creditsReceived + bids,
  };
}

/** Credits given for free (an admin's grant, a sign-up balance). */
export function afterGrant(account: PaidCredits, bids: number): PaidCredits {
  return { ...account, creditsReceived: account.creditsReceived + Math.max(0, bids) };
}

/**
 * The money a refund or dispute of `reversedCredits` of a purchase's `bidCount` credits takes back from
 * what was paid: their share of the amount, rounded up so the sums never keep a cent that went back.
 */
export function refundedPaidCents(amountCents: number, bidCount: number, reversedCredits: number): number {
  if (bidCount <= 0 || reversedCredits <= 0) return 0;
  return Math.ceil((amountCents * Math.min(reversedCredits, bidCount)) / bidCount);
}

export function afterRefund(account: PaidCredits, refundedCents: number): PaidCredits {
  return { ...account, paidCents: account.paidCents - refundedCents };
}

export function afterBuyNow(account: PaidCredits, creditCents: number): PaidCredits {
  return { ...account, creditedCents: account.creditedCents + creditCents };
}
