import { paymentGateway, WebhookSignatureError } from "../../adapters/payments/index.ts";
import { succeededIntentOf } from "../../domain/payments.ts";
import { lowerCaseHeaders } from "../../http/csrf.ts";
import { badRequest } from "../../http/errors.ts";
import { definePublicRoute } from "../../http/route.ts";
import { logger } from "../../observability/logger.ts";
import { handlePaymentReversed } from "../../usecases/payments/payment-reversed.ts";
import { handlePaymentSucceeded } from "../../usecases/payments/payment-succeeded.ts";

/**
 * Stripe's webhook (and the local provider's, signed the same way). The signature is checked over
 * the raw body before anything is parsed; a missing or forged one is a 400 and changes nothing.
 * A failure after that is a 5xx, so Stripe delivers the event again; the credit step is idempotent.
 */
export const route = definePublicRoute({}, async ({ rawBody, event, now }) => {
  const signature = lowerCaseHeaders(event.headers)["stripe-signature"];
  const gateway = await paymentGateway();
  let paymentEvent: Awaited<ReturnType<typeof gateway.verifyWebhook>>;
  try {
    paymentEvent = await gateway.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn("webhook refused", { reason: error.message.split("\n")[0] });
      throw badRequest(signature ? "Invalid webhook signature" : "Missing Stripe-Signature header");
    }
    throw error;
  }

  if (paymentEvent.reversal) {
    const reversed = await handlePaymentReversed(paymentEvent.reversal, now);
    logger.info("webhook processed", {
      eventId: paymentEvent.id,
      type: paymentEvent.type,
      paymentIntentId: paymentEvent.reversal.paymentIntentId,
      ...reversed,
    });
    return { received: true };
  }
  const intent = succeededIntentOf(paymentEvent);
  if (!intent) {
    logger.info("webhook ignored", { eventId: paymentEvent.id, type: paymentEvent.type });
    return { received: true };
  }
  const result = await handlePaymentSucceeded(intent, now);
  logger.info("webhook processed", {
    eventId: paymentEvent.id,
    paymentIntentId: intent.id,
    kind: result.kind,
    outcome: result.outcome,
    reason: result.reason,
  });
  return { received: true };
});
