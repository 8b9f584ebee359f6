import { type CreatePaymentIntentResponse, createPaymentIntentRequestSchema } from "#shared/schemas/payments";
import { getBidPackage } from "../../adapters/dynamo/packages-repo.ts";
import { paymentGateway } from "../../adapters/payments/index.ts";
import {
  BID_PACKAGE_UNAVAILABLE_MESSAGE,
  bidPackageMetadata,
  PAYMENT_CURRENCY,
} from "../../domain/payments.ts";
import { conflict, notFound, serviceUnavailable } from "../../http/errors.ts";
import { defineRoute } from "../../http/route.ts";
import { logger } from "../../observability/logger.ts";
import { assertPurchaseAllowed } from "../../usecases/responsible-play.ts";

/** The browser names a package; the price and the bids come from the server's copy of it. */
export const route = defineRoute(
  { body: createPaymentIntentRequestSchema },
  async ({ body, auth, now }): Promise<CreatePaymentIntentResponse> => {
    const bidPackage = await getBidPackage(body.packageId);
    if (!bidPackage) throw notFound("Bid package not found");
    // Deactivated by an admin: payments started before keep their price, new ones are refused.
    if (!bidPackage.active) throw conflict(BID_PACKAGE_UNAVAILABLE_MESSAGE);
    await assertPurchaseAllowed(auth.userId, bidPackage.priceCents, now);
    const gateway = await paymentGateway();
    try {
      const intent = await gateway.createPaymentIntent({
        amountCents: bidPackage.priceCents,
        currency: PAYMENT_CURRENCY,
        metadata: bidPackageMetadata({
          userId: auth.userId,
          packageId: bidPackage.id,
          bidCount: bidPackage.bidCount,
        }),
      });
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
    } catch (error) {
      logger.error("creating a payment intent failed", { provider: gateway.name, error: error as Error });
      throw serviceUnavailable("Could not reach the payment provider. Please try again.");
    }
  },
);
