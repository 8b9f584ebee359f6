import { type SellerProfile, updateSellerProfileSchema } from "#shared/schemas/seller";
import { updatePendingSellerProfile } from "../../adapters/dynamo/sellers-repo.ts";
import { profileEditRefusal } from "../../domain/approvals.ts";
import { conflict } from "../../http/errors.ts";
import { defineRoute } from "../../http/route.ts";
import { currentSeller } from "../../usecases/accounts/seller-account.ts";
import { toSellerProfile } from "../../usecases/views/seller-view.ts";

export const route = defineRoute(
  { body: updateSellerProfileSchema },
  async ({ auth, body }): Promise<SellerProfile> => {
    const { seller } = await currentSeller(auth);
    const refusal = profileEditRefusal(seller.status);
    if (refusal) throw conflict(refusal);
    const updated = await updatePendingSellerProfile(seller.id, body);
    if (!updated) {
      // Decided between our read and the write.
      throw conflict(profileEditRefusal((await currentSeller(auth)).seller.status) ?? "Please try again");
    }
    return toSellerProfile(updated);
  },
);
