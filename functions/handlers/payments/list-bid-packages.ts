import { sortPackagesByBidCount } from "#shared/packages";
import type { BidPackage } from "#shared/schemas/payments";
import { listBidPackages, toBidPackageView } from "../../adapters/dynamo/packages-repo.ts";
import { defineRoute } from "../../http/route.ts";

export const handler = defineRoute(
  "payments/list-bid-packages",
  {},
  async (): Promise<BidPackage[]> => sortPackagesByBidCount((await listBidPackages()).map(toBidPackageView)),
);
