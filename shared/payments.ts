/** Card-payment facts both the web and the functions need. */

/** The local provider's test cards (the same numbers Stripe's test mode uses). */
export const TEST_CARDS = {
  succeeds: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
} as const;

/** Stripe's own wording, so the local provider's failures read like the real ones. */
export const CARD_DECLINED_MESSAGE = "Your card was declined.";
export const INSUFFICIENT_FUNDS_MESSAGE = "Your card has insufficient funds.";
export const INVALID_CARD_NUMBER_MESSAGE = "Your card number is invalid.";
export const NOT_A_TEST_CARD_MESSAGE =
  "Your card was declined. Your request was in test mode, but used a non test card.";

/** "pi_123_secret_abc" -> "pi_123": a client secret always starts with its PaymentIntent's id. */
export function paymentIntentIdFromClientSecret(clientSecret: string): string | null {
  const at = clientSecret.indexOf("_secret_");
  if (at <= 0) return null;
  const id = clientSecret.slice(0, at);
  return /^pi_[A-Za-z0-9_]+$/.test(id) ? id : null;
}

/** The digits of a typed card number ("4242 4242-4242 4242" -> "4242424242424242"). */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, "");
}
