/** The Buy It Now order and the auction its checkout summarizes (the offer is shared: lib/buy-now.ts). */
import { useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { buyNowPath } from "@web/lib/buy-now.ts";
import type { BuyNowRequest, OrderView } from "#shared/schemas/orders";
import { orderQueries } from "./queries.ts";

export function useBuyNowAuction(auctionId: string) {
  return useQuery(orderQueries.buyNowAuction(auctionId));
}

/** POST /api/auctions/{id}/buy-now: the buy_now order, then paid like any order. */
export function buyItNow(auctionId: string, body: BuyNowRequest): Promise<OrderView> {
  return api.post<OrderView>(buyNowPath(auctionId), body);
}
