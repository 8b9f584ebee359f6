import { centsToDecimal, decimalToCents } from "./money.ts";
import type { BidPackage } from "./schemas/payments.ts";

type Sortable = Pick<BidPackage, "bidCount" | "id">;

/** docs/product.md section 9: packages are listed by bid count, smallest first (ties by id, so the order is stable). */
export function sortPackagesByBidCount<T extends Sortable>(packages: readonly T[]): T[] {
  return [...packages].sort((a, b) => a.bidCount - b.bidCount || a.id.localeCompare(b.id));
}

/**
 * The order the cards are shown in: by bid count, except that with exactly three packages the
 * popular one ("Best Value") moves to the middle.
 */
export function arrangePackagesForDisplay<T extends Sortable & Pick<BidPackage, "popular">>(
  packages: readonly T[],
): T[] {
  const sorted = sortPackagesByBidCount(packages);
  if (sorted.length !== 3) return sorted;
  const popularIndex = sorted.findIndex((p) => p.popular);
  if (popularIndex < 0 || popularIndex === 1) return sorted;
  const popular = sorted[popularIndex]!;
  const others = sorted.filter((_, i) => i !== popularIndex);
  return [others[0]!, popular, others[1]!];
}

/** Price per bid, 2 decimals ("60.00" over 150 bids -> "0.40"); null when it cannot be computed. */
export function pricePerBid(price: string, bidCount: number): string | null {
  const cents = decimalToCents(price);
  if (cents === null || !Number.isInteger(bidCount) || bidCount <= 0) return null;
  return centsToDecimal(Math.round(cents / bidCount));
}

/** "Save N%" is shown only for a positive saving. */
export function savingsLabel(savings: number): string | null {
  return savings > 0 ? `Save ${savings}%` : null;
}

export const BEST_VALUE_LABEL = "Best Value";
