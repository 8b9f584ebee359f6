import { createBidPackageSchema } from "#shared/schemas/bid-packages";
import { defineRoute, reply } from "../../http/route.ts";
import { createBidPackage } from "../../usecases/payments/manage-bid-packages.ts";

export const route = defineRoute({ body: createBidPackageSchema }, async ({ body, now }) =>
  reply(201, await createBidPackage(body, now)),
);
