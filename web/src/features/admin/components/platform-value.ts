import { centsToDecimal, decimalToCents, formatPrice } from "#shared/money";
import type { AuctionSummary } from "#shared/schemas/auctions";

/** Platform Value: the sum of every auction's current price. */
export function platformValue(auctions: readonly Pick<AuctionSummary, "currentPrice">[]): string {
  return formatPrice(
    centsToDecimal(auctions.reduce((sum, a) => sum + (decimalToCents(a.currentPrice) ?? 0), 0)),
  );
}
