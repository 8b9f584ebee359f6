import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { type CardOutcome, localCardOutcome, type PaymentIntentView } from "../../domain/payments.ts";
import {
  cancelLocalPaymentIntent,
  getLocalPaymentIntent,
  type LocalPaymentIntentRecord,
  markLocalPaymentIntentSucceeded,
  putLocalPaymentIntent,
  recordLocalPaymentDecline,
  refundLocalPaymentIntent,
} from "../dynamo/local-payment-intents-repo.ts";
import type { PaymentGateway } from "./port.ts";
import { verifyStripeSignedEvent } from "./stripe-events.ts";

/** A webhook exactly as Stripe would send it: the raw JSON body and its Stripe-Signature header. */
export interface SignedWebhook {
  payload: string;
  signatureHeader: string;
}

export type LocalConfirmation =
  | { outcome: "succeeded"; intent: PaymentIntentView; webhook: SignedWebhook }
  | { outcome: "declined"; message: string; code: Extract<CardOutcome, { outcome: "declined" }>["code"] }
  | { outcome: "not_found" }
  | { outcome: "already_succeeded" }
  | { outcome: "canceled" };

export interface LocalPaymentGateway extends PaymentGateway {
  readonly name: "local";
  /** What Stripe.js + Stripe do when a card is submitted: charge it, then send the signed webhook. */
  confirmCardPayment(id: string, cardNumber: string, now: number): Promise<LocalConfirmation>;
}

/**
 * The local payment provider (docs/architecture.md section 6): no network, intents kept in the table, test
 * cards instead of real ones, and webhooks signed with the local webhook secret by the `stripe`
 * SDK itself, so they are verified by the very code that verifies Stripe's.
 */
export function createLocalGateway(deps: { webhookSecret: string }): LocalPaymentGateway {
  const { webhookSecret } = deps;
  return {
    name: "local",

    async createPaymentIntent({ amountCents, currency, metadata }) {
      const id = `pi_local_${randomBytes(12).toString("hex")}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString("hex")}`;
      const now = Date.now();
      await putLocalPaymentIntent(
        {
          id,
          clientSecret,
          amountCents,
          currency,
          metadata,
          status: "requires_payment_method",
          createdAt: new Date(now).toISOString(),
        },
        now,
      );
      return { id, clientSecret };
    },

    async retrievePaymentIntent(id) {
      const record = await getLocalPaymentIntent(id);
      return record ? toView(record) : null;
    },

    async resumePaymentIntent(id) {
      const record = await getLocalPaymentIntent(id);
      return record ? { intent: toView(record), clientSecret: record.clientSecret } : null;
    },

    async cancelPaymentIntent(id) {
      await cancelLocalPaymentIntent(id);
      const record = await getLocalPaymentIntent(id);
      return record ? toView(record) : null;
    },

    async refundPaymentIntent(id) {
      if (!(await refundLocalPaymentIntent(id)))
        throw new Error(`Payment ${id} is not paid: nothing to refund`);
    },

    async verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeSignedEvent(rawBody, signatureHeader, webhookSecret);
    },

    async confirmCardPayment(id, cardNumber, now) {
      const record = await getLocalPaymentIntent(id);
      if (!record) return { outcome: "not_found" };
      if (record.status === "succeeded") return { outcome: "already_succeeded" };
      if (record.status === "canceled") return { outcome: "canceled" };
      const card = localCardOutcome(cardNumber);
      if (card.outcome === "declined") {
        await recordLocalPaymentDecline(id, card.message);
        return { outcome: "declined", message: card.message, code: card.code };
      }
      if (!(await markLocalPaymentIntentSucceeded(id))) {
        // Paid or canceled by another request since it was read.
        const current = await getLocalPaymentIntent(id);
        return current?.status === "canceled" ? { outcome: "canceled" } : { outcome: "already_succeeded" };
      }
      const intent: PaymentIntentView = { ...toView(record), status: "succeeded" };
      return {
        outcome: "succeeded",
        intent,
        webhook: signWebhook(succeededEvent(intent, now), webhookSecret, now),
      };
    },
  };
}

function toView(record: LocalPaymentIntentRecord): PaymentIntentView {
  return {
    id: record.id,
    status: record.status,
    amountCents: record.amountCents,
    currency: record.currency,
    metadata: record.metadata,
  };
}

/** The payment_intent.succeeded event in Stripe's shape (the fields our handler and Stripe's verifier read). */
export function succeededEvent(intent: PaymentIntentView, now: number) {
  return stripeEvent("payment_intent.succeeded", now, {
    id: intent.id,
    object: "payment_intent",
    amount: intent.amountCents,
    amount_received: intent.amountCents,
    currency: intent.currency,
    status: "succeeded",
    metadata: intent.metadata,
  });
}

export function signWebhook(event: object, secret: string, now: number): SignedWebhook {
  const payload = JSON.stringify(event, null, 2);
  const signatureHeader = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(now / 1000),
  });
  return { payload, signatureHeader };
}

/** A charge.refunded event in Stripe's shape (cumulative `amount_refunded`), for the local provider and tests. */
export function refundedEvent(
  input: { paymentIntentId: string; amountCents: number; refundedCents: number },
  now: number,
) {
  return stripeEvent("charge.refunded", now, {
    id: `ch_local_${randomBytes(8).toString("hex")}`,
    object: "charge",
    amount: input.amountCents,
    amount_refunded: input.refundedCents,
    refunded: input.refundedCents >= input.amountCents,
    payment_intent: input.paymentIntentId,
  });
}

/** A charge.dispute.created event in Stripe's shape. */
export function disputedEvent(input: { paymentIntentId: string; amountCents: number }, now: number) {
  return stripeEvent("charge.dispute.created", now, {
    id: `dp_local_${randomBytes(8).toString("hex")}`,
    object: "dispute",
    amount: input.amountCents,
    payment_intent: input.paymentIntentId,
    reason: "fraudulent",
    status: "needs_response",
  });
}

/** An event of `type` in Stripe's envelope, about `object` (created now, in test mode like every local event). */
function stripeEvent(type: string, now: number, object: Record<string, unknown>) {
  const created = Math.floor(now / 1000);
  return {
    id: `evt_local_${randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: "local",
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...object, created, livemode: false } },
  };
}
