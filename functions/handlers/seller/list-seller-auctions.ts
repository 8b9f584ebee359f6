import { fineOzOf } from "#shared/metal-content";
import { centsToDecimal } from "#shared/money";
import { mapPage, pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import type { SellerAuction } from "#shared/schemas/seller";
import {
  type AuctionRecord,
  listSellerAuctions,
  listSellerAuctionsPage,
} from "../../adapters/dynamo/auctions-repo.ts";
import type { SpotPriceBoard } from "../../adapters/dynamo/spot-prices-repo.ts";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { defineRoute } from "../../http/route.ts";
import { currentSeller } from "../../usecases/accounts/seller-account.ts";
import { finalizeAllOver } from "../../usecases/auctions/finalize-auction.ts";
import { freshSpotPrices } from "../../usecases/spot-prices/read-spot-prices.ts";
import { meltValueField } from "../../usecases/views/melt-value.ts";

/** The seller's auctions, newest first (docs/product.md section 7's fields plus endsAt). */
export const route = defineRoute({ query: pageQuerySchema }, async ({ auth, now, query }) => {
  const { seller } = await currentSeller(auth);
  const page = pageRequestOf(query);
  const view = async (auctions: AuctionRecord[]) => {
    const [current, spot] = await Promise.all([
      finalizeAllOver(auctions, now, liveHandoff()),
      freshSpotPrices(now),
    ]);
    return current.map((auction) => toSellerAuction(auction, spot));
  };
  if (!page) return view(await listSellerAuctions(seller.id));
  return mapPage(await listSellerAuctionsPage(seller.id, page), view);
});

function toSellerAuction(auction: AuctionRecord, spot: SpotPriceBoard): SellerAuction {
  return {
    id: auction.id,
    status: auction.status,
    totalBids: auction.totalBids,
    currentPrice: centsToDecimal(auction.priceCents),
    endsAt: new Date(auction.endsAt).toISOString(),
    product: {
      name: auction.product.name,
      imageUrl: auction.product.imageUrl,
      fineOz: fineOzOf(auction.product),
    },
    ...meltValueField(auction.product, spot),
  };
}
