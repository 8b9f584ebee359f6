import type { PaymentEvent, PaymentIntentView } from "../../domain/payments.ts";

/**
 * The payment port: everything the product asks of a card payment provider. Two adapters implement
 * it: Stripe (stripe-gateway.ts) and the local provider (local-gateway.ts) used in local dev and tests.
 */
export interface PaymentGateway {
  readonly name: "stripe" | "local";
  createPaymentIntent(input: {
    amountCents: number;
    currency: "usd";
    metadata: Record<string, string>;
  }): Promise<{ id: string; clientSecret: string }>;
  /** null when the provider does not know the id. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentView | null>;
  /** The intent with the secret its payer's browser confirms it with (to hand out an open one again). */
  resumePaymentIntent(id: string): Promise<{ intent: PaymentIntentView; clientSecret: string } | null>;
  /**
   * Cancels an intent that was not paid, so it can never be; answers the intent as it then is
   * (`canceled`, or the state that prevented it: `succeeded`, `processing`), null when unknown.
   */
  cancelPaymentIntent(id: string): Promise<PaymentIntentView | null>;
  /** Gives a succeeded payment's whole amount back, once however often it is asked (idempotent on the id). */
  refundPaymentIntent(id: string): Promise<void>;
  /** Checks the Stripe-Signature header over the exact raw body; throws WebhookSignatureError otherwise. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<PaymentEvent>;
}

/** A webhook whose signature is missing, malformed, stale or wrong: answered 400, never processed. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
