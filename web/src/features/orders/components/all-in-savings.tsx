import { decimalToCents, formatPrice } from "#shared/money";
import { allInSavingsPercent } from "#shared/orders";

/** "N% below retail, bids included": the only saving we claim. */
export function AllInSavings({ allInCost, retailPrice }: { allInCost: string; retailPrice: string | null }) {
  const percent = allInSavingsPercent(
    decimalToCents(allInCost) ?? 0,
    retailPrice ? decimalToCents(retailPrice) : null,
  );
  if (percent === null) return null;
  return (
    <p className="text-sm font-medium text-success" data-testid="all-in-savings">
      {percent}% below retail ({formatPrice(retailPrice ?? "0")}), bids included
    </p>
  );
}
