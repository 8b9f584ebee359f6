import type { SellerProfile } from "#shared/schemas/seller";
import { toSellerProfile } from "../../adapters/dynamo/sellers-repo.ts";
import { defineRoute } from "../../http/route.ts";
import { currentSeller } from "../../usecases/seller-account.ts";

export const handler = defineRoute(
  "seller/get-seller-profile",
  {},
  async ({ auth }): Promise<SellerProfile> => {
    const { seller } = await currentSeller(auth);
    return toSellerProfile(seller);
  },
);
