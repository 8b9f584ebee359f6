import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { type FormEvent, useState } from "react";
import { PayButtons } from "./pay-buttons.tsx";
import { type CardPaymentFormProps, FALLBACK_ERROR } from "./types.ts";

function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).toString();
}

// One Stripe.js per publishable key, loaded only when a Stripe form is first shown (the `pure` entry
// does not inject the script at import, so the local provider never contacts Stripe).
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export function StripeCardForm({
  publishableKey,
  clientSecret,
  ...rest
}: CardPaymentFormProps & { publishableKey: string }) {
  return (
    <Elements
      // Elements cannot switch intents once mounted.
      key={clientSecret}
      stripe={stripeFor(publishableKey)}
      options={{
        clientSecret,
        appearance: { theme: "stripe", variables: { colorPrimary: "#d97706", borderRadius: "6px" } },
      }}
    >
      <StripeCardFields clientSecret={clientSecret} {...rest} />
    </Elements>
  );
}

function StripeCardFields({ amountLabel, returnUrl, onSuccess, onError, onCancel }: CardPaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  // A toast fades; the refusal stays under the card fields until the next attempt.
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (message: string) => {
    setFailure(message);
    onError(message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: absoluteUrl(returnUrl) },
        redirect: "if_required",
      });
      if (error) {
        fail(error.message ?? FALLBACK_ERROR);
      } else if (
        paymentIntent &&
        (paymentIntent.status === "succeeded" || paymentIntent.status === "processing")
      ) {
        onSuccess(paymentIntent.id);
      } else {
        fail(FALLBACK_ERROR);
      }
    } catch {
      fail(FALLBACK_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Card payment">
      <PaymentElement onReady={() => setReady(true)} />
      {failure && (
        <p className="text-sm font-medium text-destructive" role="alert" data-testid="card-error">
          {failure}
        </p>
      )}
      <PayButtons
        busy={busy}
        disabled={!stripe || !elements || !ready}
        amountLabel={amountLabel}
        onCancel={onCancel}
      />
    </form>
  );
}
