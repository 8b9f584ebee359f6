export type CardPaymentFormProps = {
  /** From the server's create-payment-intent answer. */
  clientSecret: string;
  /** The amount as shown, e.g. "$60.00": the submit button reads "Pay $60.00". */
  amountLabel: string;
  /** Where Stripe sends the buyer back after a redirect-based confirmation (a path or absolute URL). */
  returnUrl: string;
  /** The payment went through (succeeded, or is processing at the bank). */
  onSuccess(paymentIntentId: string): void;
  /** The provider refused it; the message is the provider's (e.g. "Your card was declined."). The form is usable again. */
  onError(message: string): void;
  /** Shows a Cancel button beside Pay. */
  onCancel?: () => void;
};

/** What the form says when the provider gives no message of its own. */
export const FALLBACK_ERROR = "Your payment could not be processed. Please try again.";
