import Stripe from "stripe";
import { paymentProviderName } from "../../config/runtime.ts";
import { createLocalGateway, type LocalPaymentGateway } from "./local-gateway.ts";
import type { PaymentGateway } from "./port.ts";
import { createStripeGateway } from "./stripe-gateway.ts";
import { loadStripeSecrets } from "./stripe-secrets.ts";

export type { PaymentGateway } from "./port.ts";
export { WebhookSignatureError } from "./port.ts";

export const DEFAULT_LOCAL_WEBHOOK_SECRET = "whsec_local_development";

/** The secret the local provider signs its webhooks with (read per call so tests may change it). */
export function localWebhookSecret(): string {
  return process.env.LOCAL_WEBHOOK_SECRET || DEFAULT_LOCAL_WEBHOOK_SECRET;
}

/** Public: the web's Stripe.js needs it. Only meaningful with PAYMENT_PROVIDER=stripe. */
export function stripePublishableKey(): string | undefined {
  return process.env.STRIPE_PUBLISHABLE_KEY || undefined;
}

let stripeGateway: Promise<PaymentGateway> | null = null;

/** The active payment provider's adapter (PAYMENT_PROVIDER; the Stripe client is built once per container). */
export function paymentGateway(): Promise<PaymentGateway> {
  if (paymentProviderName() === "local") return Promise.resolve(localPaymentGateway());
  stripeGateway ??= loadStripeSecrets().then(
    ({ secretKey, webhookSecret }) =>
      createStripeGateway({
        stripe: new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000 }),
        webhookSecret,
      }),
    (error) => {
      stripeGateway = null;
      throw error;
    },
  );
  return stripeGateway;
}

export function localPaymentGateway(): LocalPaymentGateway {
  return createLocalGateway({ webhookSecret: localWebhookSecret() });
}
