import { centsToDecimal, decimalToCents, formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { AuctionSummary } from "#shared/schemas/auctions";

/** Platform Value: the sum of every auction's current price. */
export function platformValue(auctions: readonly Pick<AuctionSummary, "currentPrice">[]): string {
  return formatPrice(
    centsToDecimal(auctions.reduce((sum, a) => sum + (decimalToCents(a.currentPrice) ?? 0), 0)),
  );
}

/** What Platform Value counts, said under it: the figure is not sales or revenue. */
export function platformValueHint(auctions: number): string {
  return `Current prices of all ${plural(auctions, "auction")}, live and ended`;
}
