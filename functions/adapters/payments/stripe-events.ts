import Stripe from "stripe";
import { PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from "#shared/schemas/payments";
import type { PaymentEvent, PaymentIntentView } from "../../domain/payments.ts";
import { WebhookSignatureError } from "./port.ts";

/**
 * Verifies a Stripe-signed webhook with the SDK's own verifier (HMAC-SHA256 over "timestamp.rawBody",
 * constant-time compare, 5-minute tolerance) and maps it to the port's event. Both adapters use it:
 * the local provider signs its webhooks exactly as Stripe does, so this is the path every test runs.
 */
export function verifyStripeSignedEvent(
  rawBody: string,
  signatureHeader: string | undefined,
  webhookSecret: string,
): PaymentEvent {
  if (!signatureHeader) throw new WebhookSignatureError("Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (error) {
    throw new WebhookSignatureError(`Invalid webhook signature: ${(error as Error).message}`);
  }
  const object = (event.data as { object?: { object?: string } } | undefined)?.object;
  const paymentIntent =
    event.type.startsWith("payment_intent.") && object?.object === "payment_intent"
      ? fromStripePaymentIntent(object as Stripe.PaymentIntent)
      : undefined;
  return { id: event.id, type: event.type, ...(paymentIntent ? { paymentIntent } : {}) };
}

export function fromStripePaymentIntent(intent: Stripe.PaymentIntent): PaymentIntentView {
  return {
    id: intent.id,
    status: toStatus(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
  };
}

function toStatus(status: string): PaymentIntentStatus {
  return (PAYMENT_INTENT_STATUSES as readonly string[]).includes(status)
    ? (status as PaymentIntentStatus)
    : "processing";
}
