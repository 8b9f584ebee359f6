import { centsToDecimal, decimalToCents, formatPrice } from "#shared/money";
import type { SellerAuction } from "#shared/schemas/seller";

/** The three figures of docs/product.md's Seller Dashboard, from the seller's auctions. */
export function sellerStats(
  auctions: readonly Pick<SellerAuction, "status" | "totalBids" | "currentPrice">[],
) {
  const valueCents = auctions.reduce((sum, a) => sum + (decimalToCents(a.currentPrice) ?? 0), 0);
  return {
    activeAuctions: auctions.filter((a) => a.status === "active").length,
    totalBids: auctions.reduce((sum, a) => sum + a.totalBids, 0),
    currentValue: formatPrice(centsToDecimal(valueCents)),
  };
}
