import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useAppConfig } from "@web/lib/app-config.ts";
import { confirmLocalPayment } from "@web/lib/local-payments.ts";
import { AlertCircle, FlaskConical, Lock } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { paymentIntentIdFromClientSecret, TEST_CARDS } from "#shared/payments";
import { localConfirmRequestSchema } from "#shared/schemas/payments";

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

const FALLBACK_ERROR = "Your payment could not be processed. Please try again.";

/**
 * The card form of every payment (bid packages and orders): Stripe Elements when GET /api/config says
 * the provider is Stripe, otherwise the local provider's test-card form.
 */
export function CardPaymentForm(props: CardPaymentFormProps) {
  const config = useAppConfig();
  if (config.isPending) {
    return (
      <div className="flex items-center justify-center gap-3 py-8 text-muted-foreground">
        <Spinner label="Loading payment form" />
        <span>Loading payment form...</span>
      </div>
    );
  }
  if (config.isError) return <Unavailable />;
  if (config.data.paymentProvider === "stripe") {
    const key = config.data.stripePublishableKey;
    return key ? <StripeCardForm publishableKey={key} {...props} /> : <Unavailable />;
  }
  return <LocalTestCardForm {...props} />;
}

function Unavailable() {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-md bg-destructive/10 p-3 text-sm text-destructive"
    >
      <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
      Payment system not available. Please try again later.
    </p>
  );
}

function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).toString();
}

function PayButtons({
  busy,
  disabled,
  amountLabel,
  onCancel,
}: {
  busy: boolean;
  disabled?: boolean;
  amountLabel: string;
  onCancel?: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button variant="outline" size="lg" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      )}
      <Button type="submit" size="lg" disabled={busy || disabled} className="sm:min-w-40">
        <Lock aria-hidden="true" />
        {busy ? "Processing..." : `Pay ${amountLabel}`}
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Stripe

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

function StripeCardForm({
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: absoluteUrl(returnUrl) },
        redirect: "if_required",
      });
      if (error) {
        onError(error.message ?? FALLBACK_ERROR);
      } else if (
        paymentIntent &&
        (paymentIntent.status === "succeeded" || paymentIntent.status === "processing")
      ) {
        onSuccess(paymentIntent.id);
      } else {
        onError(FALLBACK_ERROR);
      }
    } catch {
      onError(FALLBACK_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label="Card payment">
      <PaymentElement onReady={() => setReady(true)} />
      <PayButtons
        busy={busy}
        disabled={!stripe || !elements || !ready}
        amountLabel={amountLabel}
        onCancel={onCancel}
      />
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Local provider

function LocalTestCardForm({
  clientSecret,
  amountLabel,
  onSuccess,
  onError,
  onCancel,
}: CardPaymentFormProps) {
  const inputId = useId();
  const [cardNumber, setCardNumber] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paymentIntentId = paymentIntentIdFromClientSecret(clientSecret);

  if (!paymentIntentId) return <Unavailable />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = localConfirmRequestSchema.safeParse({ cardNumber });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Card number is required");
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const result = await confirmLocalPayment(paymentIntentId, parsed.data);
      onSuccess(result.paymentIntentId);
    } catch (error) {
      onError(getServerMessage(error, FALLBACK_ERROR));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Card payment">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Card number</Label>
        <Input
          id={inputId}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={TEST_CARDS.succeeds}
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          aria-invalid={!!fieldError}
          aria-describedby={`${inputId}-hint${fieldError ? ` ${inputId}-error` : ""}`}
          disabled={busy}
        />
        {fieldError && (
          <p id={`${inputId}-error`} className="text-sm font-medium text-destructive">
            {fieldError}
          </p>
        )}
        <p
          id={`${inputId}-hint`}
          className="flex items-start gap-2 rounded-md bg-accent p-3 text-xs text-accent-foreground"
        >
          <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Test mode: no real card is charged. Use {TEST_CARDS.succeeds} for a successful payment or{" "}
            {TEST_CARDS.declined} to see a declined card.
          </span>
        </p>
      </div>
      <PayButtons busy={busy} amountLabel={amountLabel} onCancel={onCancel} />
    </form>
  );
}
