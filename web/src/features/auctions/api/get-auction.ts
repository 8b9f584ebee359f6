import { queryOptions, replaceEqualDeep, useQuery } from "@tanstack/react-query";
import { api, getErrorStatus } from "@web/lib/api-client.ts";
import { POLL_INTERVAL_MS } from "#shared/constants";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { keepNewerAuction } from "../lib/cache-merge.ts";
import { recordServerTime } from "../lib/server-clock.ts";

export const auctionQueryKey = (id: string) => ["/api/auctions", id] as const;

/** GET /api/auctions/{id}: the auction with product, seller, latest bids and winner. */
export async function getAuction(id: string): Promise<AuctionDetail> {
  const auction = await api.get<AuctionDetail>(`/api/auctions/${encodeURIComponent(id)}`);
  recordServerTime(auction.serverTime);
  return auction;
}

export function getAuctionQueryOptions(id: string) {
  return queryOptions({
    queryKey: auctionQueryKey(id),
    queryFn: () => getAuction(id),
    staleTime: 0,
    // An auction that does not exist stays missing: stop asking every second.
    refetchInterval: (query) => (getErrorStatus(query.state.error) === 404 ? false : POLL_INTERVAL_MS),
    structuralSharing: (cached, incoming) =>
      replaceEqualDeep(
        cached,
        keepNewerAuction(cached as AuctionDetail | undefined, incoming as AuctionDetail),
      ),
  });
}

export function useAuction(id: string) {
  return useQuery(getAuctionQueryOptions(id));
}
