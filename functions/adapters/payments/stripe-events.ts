import Stripe from "stripe";
import { PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from "#shared/schemas/payments";
import {
  PAYMENT_REVERSAL_EVENTS,
  type PaymentEvent,
  type PaymentIntentView,
  type PaymentReversal,
} from "../../domain/payments.ts";
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
  const reversal = reversalOf(event.type, object as Record<string, unknown> | undefined);
  return {
    id: event.id,
    type: event.type,
    ...(paymentIntent ? { paymentIntent } : {}),
    ...(reversal ? { reversal } : {}),
  };
}

/** charge.refunded (a Charge: amount, amount_refunded) and charge.dispute.created (a Dispute: amount). */
function reversalOf(type: string, object: Record<string, unknown> | undefined): PaymentReversal | undefined {
  const intentId = (value: unknown) =>
    typeof value === "string"
      ? value
      : typeof (value as { id?: unknown })?.id === "string"
        ? (value as { id: string }).id
        : undefined;
  if (!object) return undefined;
  const paymentIntentId = intentId(object.payment_intent);
  if (!paymentIntentId) return undefined;
  if (type === PAYMENT_REVERSAL_EVENTS.refund && object.object === "charge") {
    return {
      kind: "refund",
      paymentIntentId,
      amountCents: Number(object.amount ?? 0),
      reversedCents: Number(object.amount_refunded ?? 0),
    };
  }
  if (type === PAYMENT_REVERSAL_EVENTS.dispute && object.object === "dispute") {
    const amount = Number(object.amount ?? 0);
    return { kind: "dispute", paymentIntentId, amountCents: amount, reversedCents: amount };
  }
  return undefined;
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
