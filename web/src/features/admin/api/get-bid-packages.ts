import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { AdminBidPackage } from "#shared/schemas/bid-packages";

/** GET /api/admin/bid-packages: every package, inactive ones too, by bid count. */
export function getAdminBidPackages(): Promise<AdminBidPackage[]> {
  return api.get<AdminBidPackage[]>("/api/admin/bid-packages");
}

export function getAdminBidPackagesQueryOptions() {
  return queryOptions({ queryKey: ["/api/admin/bid-packages"], queryFn: getAdminBidPackages });
}

/**
 * The buyers' list (GET /api/bid-packages, read by the packages feature under this key): an admin
 * who edits a package and then opens Bid Packages sees the change at once.
 */
export const publicBidPackagesQueryKey = ["/api/bid-packages"] as const;
