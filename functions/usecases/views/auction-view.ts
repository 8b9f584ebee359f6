import { fineOzOf } from "#shared/metal-content";
import { centsToDecimal } from "#shared/money";
import type { AuctionSummary } from "#shared/schemas/auctions";
import type { AuctionRecord } from "../../adapters/dynamo/auctions-repo.ts";
import type { SpotPriceBoard } from "../../adapters/dynamo/spot-prices-repo.ts";
import { meltValueField } from "./melt-value.ts";

/**
 * The API view of an auction, stamped with the server time it describes; with its melt value when
 * `spot` (the fresh spot prices) values its metal.
 */
export function toAuctionSummary(auction: AuctionRecord, now: number, spot?: SpotPriceBoard): AuctionSummary {
  const { product, seller } = auction;
  return {
    id: auction.id,
    productId: auction.productId,
    status: auction.status,
    currentPrice: centsToDecimal(auction.priceCents),
    startingPrice: centsToDecimal(auction.startingPriceCents),
    bidIncrement: centsToDecimal(auction.bidIncrementCents),
    totalBids: auction.totalBids,
    endsAt: new Date(auction.endsAt).toISOString(),
    createdAt: auction.createdAt,
    lastBidder: auction.lastBidderUsername ? { username: auction.lastBidderUsername } : null,
    winner: auction.winnerUsername ? { username: auction.winnerUsername } : null,
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      metalType: product.metalType,
      weight: product.weight ?? null,
      purity: product.purity ?? null,
      fineOz: fineOzOf(product),
      imageUrl: product.imageUrl,
      startingPrice: centsToDecimal(product.startingPriceCents),
    },
    seller: {
      id: seller.id,
      businessName: seller.businessName,
      description: seller.description ?? null,
    },
    activeAgents: Math.max(0, auction.activeAgents ?? 0),
    beginner: auction.beginner ?? false,
    lockAtPrice: auction.lockAtPriceCents === undefined ? null : centsToDecimal(auction.lockAtPriceCents),
    locked: auction.locked ?? false,
    retailPrice: auction.retailPriceCents ? centsToDecimal(auction.retailPriceCents) : null,
    buyNowStockLeft: auction.retailPriceCents ? Math.max(0, auction.buyNowStockLeft ?? 0) : 0,
    ...meltValueField(product, spot),
    serverTime: new Date(now).toISOString(),
  };
}
