import { queryOptions, replaceEqualDeep, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { POLL_INTERVAL_MS } from "#shared/constants";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { keepNewerAuctionList, keepUnchangedAuctions } from "../lib/cache-merge.ts";
import { recordServerTime } from "../lib/server-clock.ts";

export const auctionsQueryKey = ["/api/auctions"] as const;

/** GET /api/auctions: the live auctions, ending soonest first. */
export async function getAuctions(): Promise<AuctionSummary[]> {
  const auctions = await api.get<AuctionSummary[]>("/api/auctions");
  recordServerTime(auctions[0]?.serverTime);
  return auctions;
}

/** Polled every second (docs/product.md section 7); socket messages update the same cache in between. */
export function getAuctionsQueryOptions() {
  return queryOptions({
    queryKey: auctionsQueryKey,
    queryFn: getAuctions,
    staleTime: 0,
    refetchInterval: POLL_INTERVAL_MS,
    structuralSharing: (cached, incoming) =>
      replaceEqualDeep(
        cached,
        keepUnchangedAuctions(
          cached as AuctionSummary[] | undefined,
          keepNewerAuctionList(cached as AuctionSummary[] | undefined, incoming as AuctionSummary[]),
        ),
      ),
  });
}

export function useAuctions() {
  return useQuery(getAuctionsQueryOptions());
}
