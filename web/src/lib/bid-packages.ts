import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { PACKAGES_CACHE_MS } from "#shared/constants";
import type { BidPackage } from "#shared/schemas/payments";

/**
 * GET /api/bid-packages: every package, by bid count ascending. Read by the packages feature and
 * invalidated by the admin's package edits, so an admin who then opens Bid Packages sees the change.
 * docs/product.md section 7: cached 10 minutes, no refetch on focus, refetch on reconnect.
 */
export const bidPackagesQuery = () =>
  queryOptions({
    queryKey: ["/api/bid-packages"] as const,
    queryFn: () => api.get<BidPackage[]>("/api/bid-packages"),
    staleTime: PACKAGES_CACHE_MS,
    gcTime: PACKAGES_CACHE_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
  });
