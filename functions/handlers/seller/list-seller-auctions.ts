import { centsToDecimal } from "#shared/money";
import type { SellerAuction } from "#shared/schemas/seller";
import { listSellerAuctions } from "../../adapters/dynamo/auctions-repo.ts";
import { defineRoute } from "../../http/route.ts";
import { finalizeAllOver } from "../../usecases/finalize-auction.ts";
import { currentSeller } from "../../usecases/seller-account.ts";

/** The seller's auctions, newest first (docs/product.md section 7's fields plus endsAt). */
export const handler = defineRoute(
  "seller/list-seller-auctions",
  {},
  async ({ auth, now }): Promise<SellerAuction[]> => {
    const { seller } = await currentSeller(auth);
    const auctions = await finalizeAllOver(await listSellerAuctions(seller.id), now);
    return auctions.map((auction) => ({
      id: auction.id,
      status: auction.status,
      totalBids: auction.totalBids,
      currentPrice: centsToDecimal(auction.priceCents),
      endsAt: new Date(auction.endsAt).toISOString(),
      product: { name: auction.product.name, imageUrl: auction.product.imageUrl },
    }));
  },
);
