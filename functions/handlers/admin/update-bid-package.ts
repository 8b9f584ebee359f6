import { idParamsSchema } from "#shared/schemas/admin";
import { type AdminBidPackage, updateBidPackageSchema } from "#shared/schemas/bid-packages";
import { defineRoute } from "../../http/route.ts";
import { editBidPackage } from "../../usecases/payments/manage-bid-packages.ts";

/** Edits, deactivates (`active: false`) or reactivates a package; payments already started keep their price. */
export const route = defineRoute(
  { params: idParamsSchema, body: updateBidPackageSchema },
  async ({ params, body, now }): Promise<AdminBidPackage> => editBidPackage(params.id, body, now),
);
