import type { SellerProfile } from "#shared/schemas/seller";
import { defineRoute } from "../../http/route.ts";
import { currentSeller } from "../../usecases/accounts/seller-account.ts";
import { toSellerProfile } from "../../usecases/views/seller-view.ts";

export const route = defineRoute({}, async ({ auth }): Promise<SellerProfile> => {
  const { seller } = await currentSeller(auth);
  return toSellerProfile(seller);
});
