import { api } from "@web/lib/api-client.ts";
import type { AdminBidPackage, CreateBidPackageRequest } from "#shared/schemas/bid-packages";
import { useAdminMutation } from "./admin-mutation.ts";
import { getAdminBidPackagesQueryOptions, publicBidPackagesQueryKey } from "./get-bid-packages.ts";

/** POST /api/admin/bid-packages: created active, its id made from the name. */
export function createBidPackage(body: CreateBidPackageRequest): Promise<AdminBidPackage> {
  return api.post<AdminBidPackage>("/api/admin/bid-packages", body);
}

export function useCreateBidPackage() {
  return useAdminMutation({
    mutationFn: createBidPackage,
    affects: [getAdminBidPackagesQueryOptions().queryKey, publicBidPackagesQueryKey],
    success: (created) => ({ title: "Package created", description: `${created.name} is on sale` }),
  });
}
