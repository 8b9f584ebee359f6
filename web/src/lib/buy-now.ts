/**
 * Buy It Now in the web: the offer on the auction page and the order on the checkout page (two
 * features), so it lives here.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { BuyNowOfferView, BuyNowRequest, OrderView } from "#shared/schemas/orders";

const buyNowPath = (auctionId: string) => `/api/auctions/${encodeURIComponent(auctionId)}/buy-now`;

export const buyNowQueries = {
  /** Every offer read of one auction, whatever its bid count. */
  offers: (auctionId: string) => ["/api/auctions", auctionId, "buy-now"] as const,
  /**
   * GET /api/auctions/{id}/buy-now: the caller's offer, with the credit for their bids worked out.
   * Read again whenever the auction changes (a bid raises the credit or makes the caller the leader):
   * callers pass the auction's bid count so the key moves with it.
   */
  offer: (auctionId: string, enabled: boolean, totalBids = 0) =>
    queryOptions({
      queryKey: [...buyNowQueries.offers(auctionId), totalBids] as const,
      queryFn: () => api.get<BuyNowOfferView>(buyNowPath(auctionId)),
      enabled,
      placeholderData: (previous) => previous,
    }),
  /** The auction as the Buy It Now checkout summarizes it (read once, not polled). */
  checkoutAuction: (auctionId: string) =>
    queryOptions({
      queryKey: ["/api/auctions", auctionId, "checkout"] as const,
      queryFn: () => api.get<AuctionDetail>(`/api/auctions/${encodeURIComponent(auctionId)}`),
    }),
};

export function useBuyNowOffer(auctionId: string, enabled: boolean, totalBids = 0) {
  return useQuery(buyNowQueries.offer(auctionId, enabled, totalBids));
}

/** POST /api/auctions/{id}/buy-now: the buy_now order, then paid like any order. */
export function buyItNow(auctionId: string, body: BuyNowRequest): Promise<OrderView> {
  return api.post<OrderView>(buyNowPath(auctionId), body);
}

export function useBuyNowAuction(auctionId: string) {
  return useQuery(buyNowQueries.checkoutAuction(auctionId));
}
