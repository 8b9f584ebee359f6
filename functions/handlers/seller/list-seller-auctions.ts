import { centsToDecimal } from "#shared/money";
import { mapPage, pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import type { SellerAuction } from "#shared/schemas/seller";
import {
  type AuctionRecord,
  listSellerAuctions,
  listSellerAuctionsPage,
} from "../../adapters/dynamo/auctions-repo.ts";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { defineRoute } from "../../http/route.ts";
import { currentSeller } from "../../usecases/accounts/seller-account.ts";
import { finalizeAllOver } from "../../usecases/auctions/finalize-auction.ts";

/** The seller's auctions, newest first (docs/product.md section 7's fields plus endsAt). */
export const route = defineRoute({ query: pageQuerySchema }, async ({ auth, now, query }) => {
  const { seller } = await currentSeller(auth);
  const page = pageRequestOf(query);
  const view = async (auctions: AuctionRecord[]) =>
    (await finalizeAllOver(auctions, now, liveHandoff())).map(toSellerAuction);
  if (!page) return view(await listSellerAuctions(seller.id));
  return mapPage(await listSellerAuctionsPage(seller.id, page), view);
});

function toSellerAuction(auction: AuctionRecord): SellerAuction {
  return {
    id: auction.id,
    status: auction.status,
    totalBids: auction.totalBids,
    currentPrice: centsToDecimal(auction.priceCents),
    endsAt: new Date(auction.endsAt).toISOString(),
    product: { name: auction.product.name, imageUrl: auction.product.imageUrl },
  };
}
