/** Payment settings that need no SDK: the public key for Stripe.js and the local provider's secret. */
import { randomBytes } from "node:crypto";

/** Public, in this repository: only the local stack (LOCAL_STACK=1) may sign or accept webhooks with it. */
export const DEFAULT_LOCAL_WEBHOOK_SECRET = "whsec_local_development";

/**
 * Anywhere but the local stack, the local provider signs with a secret born with the process: its
 * webhook is delivered in-process (adapters/payments/local-webhook-delivery.ts), so nobody outside can sign one.
 */
const processSecret = `whsec_${randomBytes(32).toString("hex")}`;

export const isLocalStack = () => process.env.LOCAL_STACK === "1";

export class PublicWebhookSecretError extends Error {
  constructor() {
    super("The public development webhook secret is configured outside the local stack; refusing to start");
    this.name = "PublicWebhookSecretError";
  }
}

/** Throws when a deployed function would accept webhooks signed with the public development secret. */
export function assertPrivateWebhookSecret(secret: string | undefined): void {
  if (secret === DEFAULT_LOCAL_WEBHOOK_SECRET && !isLocalStack()) throw new PublicWebhookSecretError();
}

/** The secret the local provider signs its webhooks with (read per call so tests may change it). */
export function localWebhookSecret(): string {
  const configured = process.env.LOCAL_WEBHOOK_SECRET;
  if (configured) {
    assertPrivateWebhookSecret(configured);
    return configured;
  }
  return isLocalStack() ? DEFAULT_LOCAL_WEBHOOK_SECRET : processSecret;
}

// Refuse to start at all, rather than at the first payment.
assertPrivateWebhookSecret(process.env.LOCAL_WEBHOOK_SECRET);

/** Public: the web's Stripe.js needs it. Only meaningful with PAYMENT_PROVIDER=stripe. */
export function stripePublishableKey(): string | undefined {
  return process.env.STRIPE_PUBLISHABLE_KEY || undefined;
}
