import { cn } from "@web/lib/utils.ts";
import { formatPrice } from "#shared/money";
import type { AuctionSummary } from "#shared/schemas/auctions";

export const SPOT_UNAVAILABLE = "spot price unavailable";

/** "14:05 UTC": the spot price's time without Intl (the card is in the home page's first render). */
const quoteTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * What the metal in the item is worth at the spot price: "Melt $X" on a card, the figure with its
 * spot price and time on the detail; "spot price unavailable" while the price is stale; nothing for an
 * item whose fine content is not known.
 */
export function MeltValue({
  auction,
  detail = false,
  className,
}: {
  auction: Pick<AuctionSummary, "product" | "meltValue">;
  detail?: boolean;
  className?: string;
}) {
  const { fineOz } = auction.product;
  if (fineOz === null || fineOz === undefined) return null;
  const melt = auction.meltValue;
  return (
    <p className={cn("text-muted-foreground", className)} data-testid="melt-value">
      {melt ? `Melt ${formatPrice(melt.usd)}` : `Melt value: ${SPOT_UNAVAILABLE}`}
      {detail && (
        <span className="block text-xs">
          {fineOz} oz fine
          {melt && ` at ${formatPrice(melt.spotUsdPerOz)}/oz spot, ${quoteTime(melt.at)}`}
        </span>
      )}
    </p>
  );
}
