import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { PACKAGES_CACHE_MS } from "#shared/constants";
import type { BidPackage } from "#shared/schemas/payments";

export const bidPackagesQueryKey = ["/api/bid-packages"] as const;

/** GET /api/bid-packages: every package, by bid count ascending. */
export function getBidPackages(): Promise<BidPackage[]> {
  return api.get<BidPackage[]>("/api/bid-packages");
}

/** docs/product.md section 7: cached 10 minutes, no refetch on focus, refetch on reconnect. */
export function getBidPackagesQueryOptions() {
  return queryOptions({
    queryKey: bidPackagesQueryKey,
    queryFn: getBidPackages,
    staleTime: PACKAGES_CACHE_MS,
    gcTime: PACKAGES_CACHE_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
  });
}

/** `enabled: false` keeps a closed modal from fetching. */
export function useBidPackages({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBidPackagesQueryOptions(), enabled });
}
