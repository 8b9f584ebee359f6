import type Stripe from "stripe";
import type { PaymentGateway } from "./port.ts";
import { fromStripePaymentIntent, verifyStripeSignedEvent } from "./stripe-events.ts";

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
        if ((error as { code?: string }).code === "resource_missing") return null;
        throw error;
      }
    },

    async verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeSignedEvent(rawBody, signatureHeader, webhookSecret);
    },
  };
}
