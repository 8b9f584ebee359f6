import { startAuction } from "../../../functions/usecases/auctions/start-auction.ts";
import type { SignedIn } from "./users.ts";

/**
 * A live gold-coin auction of `seller`'s, started directly (the admin's approval runs the same use
 * case) so a test can choose a duration of seconds; $1.50 to start, Buy It Now at $40.00 (2 units).
 */
export function goldCoinAuction(
  seller: SignedIn,
  name: string,
  durationSeconds: number,
  businessName = "Winner Vault",
  { buyNowStock = 2, extensionSeconds = 2 }: { buyNowStock?: number; extensionSeconds?: number } = {},
) {
  const productId = crypto.randomUUID();
  return startAuction({
    product: {
      id: productId,
      sellerId: seller.sellerId!,
      name: `${name} ${productId.slice(0, 6)}`,
      description: "A one ounce .9999 fine gold coin.",
      metalType: "gold",
      weight: "1 oz",
      purity: ".9999",
      imageUrl: "/images/products/gold-jewelry.svg",
      startingPriceCents: 150,
      retailPriceCents: 4000,
      buyNowStock,
    },
    seller: { id: seller.sellerId!, userId: seller.id, businessName },
    durationSeconds,
    extensionSeconds,
    now: Date.now(),
  });
}
