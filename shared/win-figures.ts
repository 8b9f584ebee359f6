/**
 * The money figures of a won auction, one definition and one wording each, for every screen that shows
 * them (My Wins, My Orders, the auction page, Recent winners; docs/product.md, "A win's figures"):
 *
 * - Final price: what the auction ended at, what the winner's order charges.
 * - Bids spent: the winner's own bids on the auction and what they paid for them, each at their average
 *   price per credit (functions/domain/paid-bids.ts: granted and voucher credits at $0). Bids worth
 *   nothing read "N free bids", never "N bids ($0.00)".
 * - All-in: final price + the bids' value, as the server sums it (`allInCost`); never recomputed here.
 * - Savings: the all-in cost against retail and melt value, never the final price alone.
 *
 * My Wins' totals add and average the same all-in figures, so a total never reads beside a win's
 * All-in as a second, smaller "what I spent". The All-in line, the savings and the totals are in
 * win-savings.ts: only the lists and the winner's own view load them, never an auction page's first load.
 */
import { decimalToCents, formatPrice } from "./money.ts";
import { plural } from "./plural.ts";

export const FINAL_PRICE_LABEL = "Final price";
export const BIDS_SPENT_LABEL = "Bids spent";
export const ALL_IN_LABEL = "All-in";

/** "2 bids ($1.20)", or "1 free bid" / "3 free bids" when they cost nothing (granted, voucher bids). */
export function bidsSpentText(bids: number, bidsValue: string): string {
  if ((decimalToCents(bidsValue) ?? 0) <= 0) return plural(bids, "free bid");
  return `${plural(bids, "bid")} (${formatPrice(bidsValue)})`;
}
