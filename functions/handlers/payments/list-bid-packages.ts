import { sortPackagesByBidCount } from "#shared/packages";
import type { BidPackage } from "#shared/schemas/payments";
import { definePublicRoute } from "../../http/route.ts";
import { listActiveBidPackages } from "../../usecases/payments/manage-bid-packages.ts";
import { toBidPackageView } from "../../usecases/views/bid-package-view.ts";

/** What buyers may buy: a package the admin deactivated is not listed. */
export const route = definePublicRoute(
  {},
  async (): Promise<BidPackage[]> =>
    sortPackagesByBidCount((await listActiveBidPackages()).map(toBidPackageView)),
);
