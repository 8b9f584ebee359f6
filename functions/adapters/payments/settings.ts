/** Payment settings that need no SDK: the public key for Stripe.js and the local provider's secret. */
export const DEFAULT_LOCAL_WEBHOOK_SECRET = "whsec_local_development";

/** The secret the local provider signs its webhooks with (read per call so tests may change it). */
export function localWebhookSecret(): string {
  return process.env.LOCAL_WEBHOOK_SECRET || DEFAULT_LOCAL_WEBHOOK_SECRET;
}

/** Public: the web's Stripe.js needs it. Only meaningful with PAYMENT_PROVIDER=stripe. */
export function stripePublishableKey(): string | undefined {
  return process.env.STRIPE_PUBLISHABLE_KEY || undefined;
}
