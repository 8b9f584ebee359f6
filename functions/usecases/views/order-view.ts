import { fineOzOf } from "#shared/metal-content";
import { centsToDecimal } from "#shared/money";
import type { OrderView } from "#shared/schemas/orders";
import type { OrderRecord } from "../../adapters/dynamo/orders-repo.ts";
import type { SpotPriceBoard } from "../../adapters/dynamo/spot-prices-repo.ts";
import { meltValueField } from "./melt-value.ts";

/** With the item's melt value when `spot` (the fresh spot prices) values its metal. */
export function toOrderView(order: OrderRecord, spot?: SpotPriceBoard): OrderView {
  const { weight, purity, ...product } = order.product;
  return {
    id: order.id,
    kind: order.kind,
    buyNow: order.buyNow
      ? {
          retailPrice: centsToDecimal(order.buyNow.retailPriceCents),
          bidsCredited: order.buyNow.bidsCredited,
          credit: centsToDecimal(order.buyNow.creditCents),
        }
      : null,
    auctionId: order.auctionId,
    buyerId: order.buyerId,
    sellerId: order.sellerId,
    finalPrice: centsToDecimal(order.finalPriceCents),
    bidsSpent: order.bidsSpent ?? 0,
    bidsValue: centsToDecimal(order.bidsValueCents ?? 0),
    allInCost: centsToDecimal(order.finalPriceCents + (order.bidsValueCents ?? 0)),
    paymentStatus: order.paymentStatus,
    shippingStatus: order.shippingStatus,
    shippingName: order.shippingName ?? null,
    shippingAddress: order.shippingAddress,
    shippingCity: order.shippingCity,
    shippingState: order.shippingState,
    shippingZip: order.shippingZip,
    shippingCountry: order.shippingCountry,
    trackingNumber: order.trackingNumber ?? null,
    payBy: order.payBy !== undefined ? new Date(order.payBy).toISOString() : null,
    paymentExpiredAt: order.paymentExpiredAt ?? null,
    exchangedBids: order.exchangedBids ?? null,
    shipBy: order.shipBy !== undefined ? new Date(order.shipBy).toISOString() : null,
    cancelledAt: order.cancelledAt ?? null,
    bidsReturned: order.bidsReturned ?? null,
    paidAt: order.paidAt ?? null,
    shippedAt: order.shippedAt ?? null,
    deliveredAt: order.deliveredAt ?? null,
    createdAt: order.createdAt,
    auction: {
      id: order.auction.id,
      endsAt: new Date(order.auction.endsAt).toISOString(),
      totalBids: order.auction.totalBids,
      product: { ...product, fineOz: fineOzOf(order.product) },
      ...meltValueField(order.product, spot),
    },
    seller: order.seller,
    buyer: order.buyer,
  };
}
