import {
  type LocalConfirmResponse,
  localConfirmRequestSchema,
  paymentIntentParamsSchema,
} from "#shared/schemas/payments";
import { localPaymentGateway } from "../../adapters/payments/index.ts";
import { deliverLocalWebhook, type WebhookEndpoint } from "../../adapters/payments/local-webhook-delivery.ts";
import { PAYMENT_CANCELED_MESSAGE, paymentBelongsTo } from "../../domain/payments.ts";
import { conflict, notFound, paymentRequired } from "../../http/errors.ts";
import { currentOriginSecret, ORIGIN_HEADER } from "../../http/origin-lock.ts";
import { defineRoute } from "../../http/route.ts";
import { logger } from "../../observability/logger.ts";
import { findRoute } from "../../routes.ts";
import { route as stripeWebhookRoute } from "./stripe-webhook.ts";

const WEBHOOK_ROUTE = findRoute("payments/stripe-webhook");
const stripeWebhook: WebhookEndpoint = {
  method: WEBHOOK_ROUTE.method,
  path: WEBHOOK_ROUTE.path,
  serve: stripeWebhookRoute.serve(WEBHOOK_ROUTE.handler),
  siteHeaders: async (): Promise<Record<string, string>> => {
    const secret = await currentOriginSecret();
    return secret ? { [ORIGIN_HEADER]: secret } : {};
  },
};

/**
 * The local provider's stand-in for Stripe.js confirming a card (routed only while
 * PAYMENT_PROVIDER=local): charges the test card, then delivers the signed payment_intent.succeeded
 * webhook, which is what credits the purchase.
 */
export const route = defineRoute(
  { params: paymentIntentParamsSchema, body: localConfirmRequestSchema },
  async ({ params, body, now, auth }): Promise<LocalConfirmResponse> => {
    const gateway = localPaymentGateway();
    const intent = await gateway.retrievePaymentIntent(params.paymentIntentId);
    // Someone else's payment is as good as no payment: confirming it must neither work nor say it exists.
    if (!intent || !paymentBelongsTo(intent, auth.userId)) throw notFound("Payment not found");
    const result = await gateway.confirmCardPayment(params.paymentIntentId, body.cardNumber, now);
    switch (result.outcome) {
      case "not_found":
        throw notFound("Payment not found");
      case "already_succeeded":
        throw conflict("This payment has already succeeded.");
      case "canceled":
        throw conflict(PAYMENT_CANCELED_MESSAGE);
      case "declined":
        throw paymentRequired(result.message, { code: result.code });
      case "succeeded": {
        const status = await deliverLocalWebhook(result.webhook, stripeWebhook, now);
        // Like a Stripe webhook that failed: the payment stands, and the verify call of
        // /payment-success credits it.
        if (status !== 200)
          logger.warn("local webhook delivery failed", { paymentIntentId: result.intent.id, status });
        return { status: "succeeded", paymentIntentId: result.intent.id };
      }
    }
  },
);
