/** The Buy It Now order and the auction its checkout summarizes (the offer is shared: lib/buy-now.ts). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { buyNowPath } from "@web/lib/buy-now.ts";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { BuyNowRequest, OrderView } from "#shared/schemas/orders";

/**
 * The auction as the Buy It Now checkout summarizes it: the detail's own key and path, read once
 * here (the checkout does not poll it).
 */
export const buyNowAuctionQuery = (auctionId: string) =>
  queryOptions({
    queryKey: ["/api/auctions", auctionId] as const,
    queryFn: () => api.get<AuctionDetail>(`/api/auctions/${encodeURIComponent(auctionId)}`),
  });

export function useBuyNowAuction(auctionId: string) {
  return useQuery(buyNowAuctionQuery(auctionId));
}

/** POST /api/auctions/{id}/buy-now: the buy_now order, then paid like any order. */
export function buyItNow(auctionId: string, body: BuyNowRequest): Promise<OrderView> {
  return api.post<OrderView>(buyNowPath(auctionId), body);
}
