import type { AdminBidPackage } from "#shared/schemas/bid-packages";
import { defineRoute } from "../../http/route.ts";
import { listAllBidPackages } from "../../usecases/payments/manage-bid-packages.ts";

/** Every package, inactive ones too (buyers see only the active ones on GET /api/bid-packages). */
export const route = defineRoute({}, async (): Promise<AdminBidPackage[]> => listAllBidPackages());
