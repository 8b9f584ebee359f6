import { decimalToCents, formatPrice } from "#shared/money";
import { allInSavingsPercent, allInVersusMeltPercent } from "#shared/orders";
import type { MeltValue } from "#shared/schemas/auctions";

/**
 * "N% below retail, bids included", and the same all-in cost against the melt value ("N% below / above
 * melt value"): retail is the seller's word, melt value anyone can check against the spot price.
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
  const allInCents = decimalToCents(allInCost) ?? 0;
  const percent = allInSavingsPercent(allInCents, retailPrice ? decimalToCents(retailPrice) : null);
  const meltCents = meltValue ? decimalToCents(meltValue.usd) : null;
  const versusMelt = meltCents ? allInVersusMeltPercent(allInCents, meltCents) : null;
  if (percent === null && versusMelt === null) return null;
  return (
    <div className="grid gap-0.5 text-sm font-medium">
      {percent !== null && (
        <p className="text-success" data-testid="all-in-savings">
          {percent}% below retail ({formatPrice(retailPrice ?? "0")}), bids included
        </p>
      )}
      {meltValue && versusMelt !== null && (
        <p
          className={versusMelt > 0 ? "text-success" : "text-muted-foreground"}
          data-testid="all-in-versus-melt"
        >
          {versusMelt === 0
            ? "About the melt value"
            : `${Math.abs(versusMelt)}% ${versusMelt > 0 ? "below" : "above"} melt value`}{" "}
          ({formatPrice(meltValue.usd)}), bids included
        </p>
      )}
    </div>
  );
}
