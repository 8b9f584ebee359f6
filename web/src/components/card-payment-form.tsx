import { Spinner } from "@web/components/ui/spinner.tsx";
import { useAppConfig } from "@web/lib/app-config.ts";
import { LocalTestCardForm } from "./card-payment/local-test-card-form.tsx";
import { StripeCardForm } from "./card-payment/stripe-card-form.tsx";
import type { CardPaymentFormProps } from "./card-payment/types.ts";
import { Unavailable } from "./card-payment/unavailable.tsx";

export type { CardPaymentFormProps } from "./card-payment/types.ts";

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
