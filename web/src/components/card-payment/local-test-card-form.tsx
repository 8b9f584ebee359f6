import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { getServerMessage } from "@web/lib/api-client.ts";
import { confirmLocalPayment } from "@web/lib/local-payments.ts";
import { FlaskConical } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { paymentIntentIdFromClientSecret, TEST_CARDS } from "#shared/payments";
import { localConfirmRequestSchema } from "#shared/schemas/payments";
import { PayButtons } from "./pay-buttons.tsx";
import { type CardPaymentFormProps, FALLBACK_ERROR } from "./types.ts";
import { Unavailable } from "./unavailable.tsx";

/** The local provider's test-card form: one field, the test cards named under it. */
export function LocalTestCardForm({
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
      const message = getServerMessage(error, FALLBACK_ERROR);
      // A toast fades; the refusal stays beside the card number until the buyer changes it.
      setFieldError(message);
      onError(message);
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
          onChange={(e) => {
            setCardNumber(e.target.value);
            setFieldError(null);
          }}
          aria-invalid={!!fieldError}
          aria-describedby={`${inputId}-hint${fieldError ? ` ${inputId}-error` : ""}`}
          disabled={busy}
        />
        {fieldError && (
          <p
            id={`${inputId}-error`}
            className="text-sm font-medium text-destructive"
            role="alert"
            data-testid="card-error"
          >
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
