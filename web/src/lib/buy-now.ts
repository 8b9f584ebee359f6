/**
 * Buy It Now's offer: the auction page shows it and the checkout page (two features) prices the order
 * from it, so it lives here; the order itself is the orders feature's (features/orders/api/buy-now.ts).
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { useEffect, useRef } from "react";
import type { BuyNowOfferView } from "#shared/schemas/orders";

export const buyNowPath = (auctionId: string) => `/api/auctions/${encodeURIComponent(auctionId)}/buy-now`;

export const buyNowQueries = {
  /** GET /api/auctions/{id}/buy-now: the caller's offer, with the credit for their bids worked out. */
  offer: (auctionId: string, enabled: boolean) =>
    queryOptions({
      queryKey: ["/api/auctions", auctionId, "buy-now"] as const,
      queryFn: () => api.get<BuyNowOfferView>(buyNowPath(auctionId)),
      enabled,
      placeholderData: (previous) => previous,
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
