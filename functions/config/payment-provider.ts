/** Which payment provider a stage uses: Stripe, or the local stand-in (docs/payments.md). */
export type PaymentProviderName = "local" | "stripe";

export function paymentProviderName(): PaymentProviderName {
  return process.env.PAYMENT_PROVIDER === "stripe" ? "stripe" : "local";
}
