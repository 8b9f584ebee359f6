import Stripe from "stripe";
import { paymentProviderName } from "../../config/payment-provider.ts";
import { createLocalGateway, type LocalPaymentGateway } from "./local-gateway.ts";
import type { PaymentGateway } from "./port.ts";
import { assertPrivateWebhookSecret, localWebhookSecret } from "./settings.ts";
import { createStripeGateway } from "./stripe-gateway.ts";
import { loadStripeSecrets } from "./stripe-secrets.ts";

export type { PaymentGateway } from "./port.ts";
export { WebhookSignatureError } from "./port.ts";
export {
  DEFAULT_LOCAL_WEBHOOK_SECRET,
  localWebhookSecret,
  PublicWebhookSecretError,
  stripePublishableKey,
} from "./settings.ts";

let stripeGateway: Promise<PaymentGateway> | null = null;

/** The active payment provider's adapter (PAYMENT_PROVIDER; the Stripe client is built once per container). */
export function paymentGateway(): Promise<PaymentGateway> {
  if (paymentProviderName() === "local") return Promise.resolve(localPaymentGateway());
  stripeGateway ??= loadStripeSecrets().then(
    ({ secretKey, webhookSecret }) => {
      assertPrivateWebhookSecret(webhookSecret);
      return createStripeGateway({
        stripe: new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000 }),
        webhookSecret,
      });
    },
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
