import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { WonAuction } from "#shared/schemas/orders";

export const wonAuctionsQueryKey = ["/api/auctions/won"] as const;

/** GET /api/auctions/won: the signed-in user's won auctions with their order state, newest first. */
export function getWonAuctions(): Promise<WonAuction[]> {
  return api.get<WonAuction[]>("/api/auctions/won");
}

export function getWonAuctionsQueryOptions() {
  // Read again whenever a page showing wins mounts: an order placed elsewhere changes what it shows.
  return queryOptions({ queryKey: wonAuctionsQueryKey, queryFn: getWonAuctions, staleTime: 0 });
}

export function useWonAuctions() {
  return useQuery(getWonAuctionsQueryOptions());
}
