import { api } from "@web/lib/api-client.ts";
import { bidPackagesQuery } from "@web/lib/bid-packages.ts";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { AdminBidPackage, UpdateBidPackageRequest } from "#shared/schemas/bid-packages";
import { useAdminMutation } from "./admin-mutation.ts";
import { adminQueries } from "./queries.ts";

/** PATCH /api/admin/bid-packages/{id}: an edit, or `active` to deactivate or reactivate. */
export function updateBidPackage({
  id,
  ...body
}: UpdateBidPackageRequest & { id: string }): Promise<AdminBidPackage> {
  return api.patch<AdminBidPackage>(`/api/admin/bid-packages/${encodeURIComponent(id)}`, body);
}

function toastFor(updated: AdminBidPackage, change: UpdateBidPackageRequest) {
  if (change.active === false) {
    return { title: "Package deactivated", description: `${updated.name} is no longer on sale` };
  }
  if (change.active === true) {
    return { title: "Package activated", description: `${updated.name} is on sale again` };
  }
  return {
    title: "Package updated",
    description: `${updated.name}: ${plural(updated.bidCount, "bid")} for ${formatPrice(updated.price)}`,
  };
}

export function useUpdateBidPackage() {
  return useAdminMutation({
    mutationFn: updateBidPackage,
    affects: [adminQueries.bidPackages().queryKey, bidPackagesQuery().queryKey],
    success: (updated, { id: _id, ...change }) => toastFor(updated, change),
  });
}
