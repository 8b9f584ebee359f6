/**
 * A live auction of the bench seller's, started directly with the real use case: a silver coin at
 * $1.00 from "Bench Metals" unless the bench says otherwise. Import it dynamically after
 * startBenchTable, like the handlers, so it writes to the bench table.
 */
import { type StartAuctionInput, startAuction } from "../../functions/usecases/auctions/start-auction.ts";

type BenchProduct = Pick<StartAuctionInput["product"], "name" | "description"> &
  Partial<Omit<StartAuctionInput["product"], "id" | "sellerId">>;

export function benchAuction(
  seller: { id: string; sellerId?: string },
  product: BenchProduct,
  timing: Omit<StartAuctionInput, "product" | "seller" | "now"> & { now?: number },
) {
  const { now = Date.now(), ...rest } = timing;
  return startAuction({
    product: {
      id: crypto.randomUUID(),
      sellerId: seller.sellerId!,
      metalType: "silver",
      imageUrl: "/images/products/silver-coins.svg",
      startingPriceCents: 100,
      ...product,
    },
    seller: { id: seller.sellerId!, userId: seller.id, businessName: "Bench Metals" },
    ...rest,
    now,
  });
}
