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
 * All-in as a second, smaller "what I spent".
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

/** "All-in $2.12 with 2 bids ($1.20)": the one line that says the all-in cost and what it adds. */
export function allInText(allInCost: string, bids: number, bidsValue: string): string {
  const all = `${ALL_IN_LABEL} ${formatPrice(allInCost)}`;
  return bids > 0 ? `${all} with ${bidsSpentText(bids, bidsValue)}` : all;
}

/**
 * What the bids spent are worth when a payload carries only the all-in cost and the final price (Recent
 * winners): the server's own difference, to the cent.
 */
export function bidsValueOf(allInCost: string, finalPrice: string): string {
  const cents = Math.max(0, (decimalToCents(allInCost) ?? 0) - (decimalToCents(finalPrice) ?? 0));
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * "N% below retail, bids included": the saving a win or a purchase may claim, counted on the all-in cost
 * (final price + the value of the bids spent), never on the final price alone. Null when there is no
 * retail price or no saving; rounded down, so the claim never overstates.
 */
export function allInSavingsPercent(allInCents: number, retailCents: number | null): number | null {
  if (!retailCents || retailCents <= 0 || allInCents >= retailCents) return null;
  const percent = Math.floor(((retailCents - allInCents) * 100) / retailCents);
  return percent > 0 ? percent : null;
}

/** How far the all-in cost is below (positive) or above (negative) the melt value, whole percent toward 0. */
export function allInVersusMeltPercent(allInCents: number, meltCents: number): number {
  return Math.trunc(((meltCents - allInCents) * 100) / meltCents);
}

/** "96% below retail ($40.00), bids included", or null without a saving to claim. */
export function retailSavingsText(allInCost: string, retailPrice: string | null): string | null {
  const percent = allInSavingsPercent(
    decimalToCents(allInCost) ?? 0,
    retailPrice ? decimalToCents(retailPrice) : null,
  );
  return percent === null
    ? null
    : `${percent}% below retail (${formatPrice(retailPrice ?? "0")}), bids included`;
}

/** "12% below melt value ($2,630.00), bids included" (or above, or "About the melt value"). */
export function meltComparisonText(
  allInCost: string,
  meltValue: string,
): { text: string; below: boolean } | null {
  const melt = decimalToCents(meltValue);
  if (!melt) return null;
  const percent = allInVersusMeltPercent(decimalToCents(allInCost) ?? 0, melt);
  const words =
    percent === 0
      ? "About the melt value"
      : `${Math.abs(percent)}% ${percent > 0 ? "below" : "above"} melt value`;
  return { text: `${words} (${formatPrice(meltValue)}), bids included`, below: percent > 0 };
}

export interface WinsSummary {
  totalWins: number;
  /** The wins' all-in costs added up: what they cost, bids included. */
  totalSpentCents: number;
  /** The all-in cost per win, rounded to the cent; 0 with no wins. */
  averagePriceCents: number;
}

/** The three cards of /my-wins: Total Wins, Total Spent and Average Price, all on the wins' all-in costs. */
export function summarizeWins(allInCosts: readonly string[]): WinsSummary {
  const totalSpentCents = allInCosts.reduce((sum, cost) => sum + (decimalToCents(cost) ?? 0), 0);
  const totalWins = allInCosts.length;
  return {
    totalWins,
    totalSpentCents,
    averagePriceCents: totalWins === 0 ? 0 : Math.round(totalSpentCents / totalWins),
  };
}
