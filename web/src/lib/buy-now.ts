/**
 * Buy It Now in the web: the offer on the auction page and the order on the checkout page (two
 * features), so it lives here.
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { useEffect, useRef } from "react";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { BuyNowOfferView, BuyNowRequest, OrderView } from "#shared/schemas/orders";

const buyNowPath = (auctionId: string) => `/api/auctions/${encodeURIComponent(auctionId)}/buy-now`;

export const buyNowQueries = {
  /** GET /api/auctions/{id}/buy-now: the caller's offer, with the credit for their bids worked out. */
  offer: (auctionId: string, enabled: boolean) =>
    queryOptions({
      queryKey: ["/api/auctions", auctionId, "buy-now"] as const,
      queryFn: () => api.get<BuyNowOfferView>(buyNowPath(auctionId)),
      enabled,
      placeholderData: (previous) => previous,
    }),
  /**
   * The auction as the Buy It Now checkout summarizes it: the detail's own key and path, read once
   * here (the checkout does not poll it).
   */
  checkoutAuction: (auctionId: string) =>
    queryOptions({
      queryKey: ["/api/auctions", auctionId] as const,
      queryFn: () => api.get<AuctionDetail>(`/api/auctions/${encodeURIComponent(auctionId)}`),
    }),
};

/**
 * The caller's offer, read again whenever the auction's bid count moves (a bid raises the credit or
 * makes the caller the leader): callers pass the count they show.
 */
export function useBuyNowOffer(auctionId: string, enabled: boolean, totalBids = 0) {
  const queryClient = useQueryClient();
  const seenBids = useRef(totalBids);
  useEffect(() => {
    if (seenBids.current === totalBids) return;
    seenBids.current = totalBids;
    const { queryKey } = buyNowQueries.offer(auctionId, true);
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }, [queryClient, auctionId, totalBids]);
  return useQuery(buyNowQueries.offer(auctionId, enabled));
}

/** POST /api/auctions/{id}/buy-now: the buy_now order, then paid like any order. */
export function buyItNow(auctionId: string, body: BuyNowRequest): Promise<OrderView> {
  return api.post<OrderView>(buyNowPath(auctionId), body);
}

export function useBuyNowAuction(auctionId: string) {
  return useQuery(buyNowQueries.checkoutAuction(auctionId));
}
