import { paymentIntentParamsSchema, type VerifyPaymentResponse } from "#shared/schemas/payments";
import { readBidBalance } from "../../adapters/dynamo/purchases-repo.ts";
import { paymentGateway } from "../../adapters/payments/index.ts";
import { PAYMENT_KINDS, paymentBelongsTo } from "../../domain/payments.ts";
import { notFound, unauthorized } from "../../http/errors.ts";
import { defineRoute } from "../../http/route.ts";
import { creditBidPackagePayment } from "../../usecases/payments/credit-bid-purchase.ts";

/**
 * Called by /payment-success: asks the provider how the payment went and, if it succeeded, credits it
 * now (once; the webhook may come before or after) so the page shows the new balance at once, or why
 * it was refunded instead.
 */
export const route = defineRoute(
  { params: paymentIntentParamsSchema },
  async ({ params, auth, now }): Promise<VerifyPaymentResponse> => {
    const userId = auth.userId;
    const gateway = await paymentGateway();
    const intent = await gateway.retrievePaymentIntent(params.paymentIntentId);
    // Someone else's payment is as unknown to the caller as one that does not exist.
    if (!intent || !paymentBelongsTo(intent, userId) || intent.metadata.kind !== PAYMENT_KINDS.bidPackage) {
      throw notFound("Payment not found");
    }
    let bidCount: number | undefined;
    let refusal: string | undefined;
    if (intent.status === "succeeded") {
      const credit = await creditBidPackagePayment(intent, now);
      if (credit.outcome === "refused") refusal = credit.refusal;
      else if (credit.outcome !== "ignored") bidCount = credit.bidCount;
    }
    const bidBalance = await readBidBalance(userId);
    if (bidBalance === null) throw unauthorized();
    return {
      status: intent.status,
      bidBalance,
      paymentIntentId: intent.id,
      ...(bidCount !== undefined ? { bidCount } : {}),
      ...(refusal !== undefined ? { refusal } : {}),
    };
  },
);
