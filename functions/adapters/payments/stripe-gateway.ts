import Stripe from "stripe";
import type { PaymentGateway } from "./port.ts";
import { fromStripePaymentIntent, verifyStripeSignedEvent } from "./stripe-events.ts";

/** The code of a request Stripe refused (resource_missing...), undefined for any other failure. */
function stripeCode(error: unknown): string | undefined {
  return error instanceof Stripe.errors.StripeError ? error.code : undefined;
}

/** The Stripe adapter of the payment port. The client and secrets are given, so tests need no network. */
export function createStripeGateway(deps: { stripe: Stripe; webhookSecret: string }): PaymentGateway {
  const { stripe, webhookSecret } = deps;
  return {
    name: "stripe",

    async createPaymentIntent({ amountCents, currency, metadata }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        metadata,
        automatic_payment_methods: { enabled: true },
      });
      if (!intent.client_secret)
        throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrievePaymentIntent(id) {
      try {
        return fromStripePaymentIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (stripeCode(error) === "resource_missing") return null;
        throw error;
      }
    },

    async resumePaymentIntent(id) {
      try {
        const intent = await stripe.paymentIntents.retrieve(id);
        if (!intent.client_secret) return null;
        return { intent: fromStripePaymentIntent(intent), clientSecret: intent.client_secret };
      } catch (error) {
        if (stripeCode(error) === "resource_missing") return null;
        throw error;
      }
    },

    async cancelPaymentIntent(id) {
      try {
        return fromStripePaymentIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        const code = stripeCode(error);
        if (code === "resource_missing") return null;
        // Already canceled, paid or being paid: Stripe refuses, and the intent says which.
        if (code === "payment_intent_unexpected_state") return this.retrievePaymentIntent(id);
        throw error;
      }
    },

    async refundPaymentIntent(id) {
      // The idempotency key makes a retried refund (a redelivered webhook) the same refund.
      try {
        await stripe.refunds.create(
          { payment_intent: id, reason: "requested_by_customer" },
          { idempotencyKey: `refund-${id}` },
        );
      } catch (error) {
        // Retried after the idempotency key expired (24 hours): the money went back the first time.
        if (stripeCode(error) !== "charge_already_refunded") throw error;
      }
    },

    async verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeSignedEvent(rawBody, signatureHeader, webhookSecret);
    },
  };
}
