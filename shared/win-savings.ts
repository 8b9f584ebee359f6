/**
 * The All-in line, the savings and the totals of won auctions (docs/product.md, "A win's figures"), all
 * on the server's all-in cost, never on the final price alone. Apart from win-figures.ts so the auction
 * page's first load does not carry them.
 */
import { centsToDecimal, decimalToCents, formatPrice } from "./money.ts";
import { ALL_IN_LABEL, bidsSpentText } from "./win-figures.ts";

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
  return centsToDecimal(Math.max(0, (decimalToCents(allInCost) ?? 0) - (decimalToCents(finalPrice) ?? 0)));
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
