import { api } from "@web/lib/api-client.ts";
import { bidPackagesQuery } from "@web/lib/bid-packages.ts";
import type { AdminBidPackage, CreateBidPackageRequest } from "#shared/schemas/bid-packages";
import { useAdminMutation } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

/** POST /api/admin/bid-packages: created active, its id made from the name. */
export function createBidPackage(body: CreateBidPackageRequest): Promise<AdminBidPackage> {
  return api.post<AdminBidPackage>("/api/admin/bid-packages", body);
}

export function useCreateBidPackage() {
  return useAdminMutation({
    mutationFn: createBidPackage,
    affects: [adminQueries.bidPackages().queryKey, bidPackagesQuery().queryKey],
    success: (created) => ({ title: "Package created", description: `${created.name} is on sale` }),
  });
}
