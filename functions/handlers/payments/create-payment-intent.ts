import { type CreatePaymentIntentResponse, createPaymentIntentRequestSchema } from "#shared/schemas/payments";
import { getBidPackage } from "../../adapters/dynamo/packages-repo.ts";
import { BID_PACKAGE_UNAVAILABLE_MESSAGE } from "../../domain/payments.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { defineRoute } from "../../http/route.ts";
import { startBidPurchase } from "../../usecases/payments/credit-bid-purchase.ts";

/** The browser names a package; the price and the bids come from the server's copy of it. */
export const route = defineRoute(
  { body: createPaymentIntentRequestSchema },
  async ({ body, auth, now }): Promise<CreatePaymentIntentResponse> => {
    const bidPackage = await getBidPackage(body.packageId);
    if (!bidPackage) throw notFound("Bid package not found");
    // Deactivated by an admin: payments started before keep their price, new ones are refused.
    if (!bidPackage.active) throw conflict(BID_PACKAGE_UNAVAILABLE_MESSAGE);
    return startBidPurchase(auth.userId, bidPackage, now);
  },
);
