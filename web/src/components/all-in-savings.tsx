import type { MeltValue } from "#shared/schemas/auctions";
import { meltComparisonText, retailSavingsText } from "#shared/win-savings";

/**
 * "N% below retail, bids included", and the same all-in cost against the melt value ("N% below / above
 * melt value"): retail is the seller's word, melt value anyone can check against the spot price. One
 * component for My Wins, My Orders and Recent winners, so the saving reads the same on each.
 */
export function AllInSavings({
  allInCost,
  retailPrice,
  meltValue,
}: {
  allInCost: string;
  retailPrice: string | null;
  meltValue?: MeltValue | undefined;
}) {
  const retail = retailSavingsText(allInCost, retailPrice);
  const melt = meltValue ? meltComparisonText(allInCost, meltValue.usd) : null;
  if (retail === null && melt === null) return null;
  return (
    <div className="grid gap-0.5 text-sm font-medium">
      {retail !== null && (
        <p className="text-success" data-testid="all-in-savings">
          {retail}
        </p>
      )}
      {melt && (
        <p className={melt.below ? "text-success" : "text-muted-foreground"} data-testid="all-in-versus-melt">
          {melt.text}
        </p>
      )}
    </div>
  );
}
