import Stripe from "stripe";
import { PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from "#shared/schemas/payments";
import * as z from "#shared/schemas/zod";
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
  const object = event.data.object;
  const paymentIntent =
    event.type.startsWith("payment_intent.") && isObjectOf(object, "payment_intent")
      ? fromStripePaymentIntent(z.parse(EVENT_INTENT_SCHEMA, object))
      : undefined;
  const reversal = reversalOf(event.type, object);
  return {
    id: event.id,
    type: event.type,
    ...(paymentIntent ? { paymentIntent } : {}),
    ...(reversal ? { reversal } : {}),
  };
}

/** The fields of a PaymentIntent an event carries that the port reads (the SDK's own type for the answers it parses). */
const EVENT_INTENT_SCHEMA = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  metadata: z.optional(z.nullable(z.record(z.string(), z.string()))),
});
type IntentFields = z.infer<typeof EVENT_INTENT_SCHEMA>;

const OBJECT_KIND_SCHEMA = z.object({ object: z.string() });

/** True when `object` is a Stripe object of `kind` (its `object` field names what it is). */
function isObjectOf(object: unknown, kind: string): boolean {
  const read = z.safeParse(OBJECT_KIND_SCHEMA, object);
  return read.success && read.data.object === kind;
}

/** A charge or dispute names its PaymentIntent by id, or carries it expanded. */
const INTENT_REFERENCE = z.optional(z.nullable(z.union([z.string(), z.object({ id: z.string() })])));

const CHARGE_SCHEMA = z.object({
  payment_intent: INTENT_REFERENCE,
  amount: z.optional(z.number()),
  amount_refunded: z.optional(z.number()),
});

const DISPUTE_SCHEMA = z.object({ payment_intent: INTENT_REFERENCE, amount: z.optional(z.number()) });

function intentId(reference: z.infer<typeof INTENT_REFERENCE>): string | undefined {
  return typeof reference === "string" ? reference : reference?.id;
}

/** charge.refunded (a Charge: amount, amount_refunded) and charge.dispute.created (a Dispute: amount). */
function reversalOf(type: string, object: unknown): PaymentReversal | undefined {
  if (type === PAYMENT_REVERSAL_EVENTS.refund && isObjectOf(object, "charge")) {
    const charge = z.parse(CHARGE_SCHEMA, object);
    const paymentIntentId = intentId(charge.payment_intent);
    if (!paymentIntentId) return undefined;
    return {
      kind: "refund",
      paymentIntentId,
      amountCents: charge.amount ?? 0,
      reversedCents: charge.amount_refunded ?? 0,
    };
  }
  if (type === PAYMENT_REVERSAL_EVENTS.dispute && isObjectOf(object, "dispute")) {
    const dispute = z.parse(DISPUTE_SCHEMA, object);
    const paymentIntentId = intentId(dispute.payment_intent);
    if (!paymentIntentId) return undefined;
    const amount = dispute.amount ?? 0;
    return { kind: "dispute", paymentIntentId, amountCents: amount, reversedCents: amount };
  }
  return undefined;
}

/** The port's view of an intent, from the SDK's answer or an event's (Stripe.PaymentIntent fits IntentFields). */
export function fromStripePaymentIntent(intent: IntentFields): PaymentIntentView {
  return {
    id: intent.id,
    status: isIntentStatus(intent.status) ? intent.status : "processing",
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
  };
}

const isIntentStatus = (status: string): status is PaymentIntentStatus =>
  PAYMENT_INTENT_STATUSES.some((known) => known === status);
