import { CardPaymentForm } from "@web/components/card-payment-form.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { paths } from "@web/config/paths.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useAppConfig } from "@web/lib/app-config.ts";
import { toast } from "@web/lib/toast.ts";
import { useEffect, useRef, useState } from "react";
import { formatPrice } from "#shared/money";
import type { OrderPaymentIntentResponse } from "#shared/schemas/orders";
import { createOrderPaymentIntent } from "../../api/create-order-payment-intent.ts";
import { Centered } from "./centered.tsx";

type IntentState = { status: "loading" } | { status: "ready"; clientSecret: string } | { status: "failed" };

/** Asks for the order's PaymentIntent once per order, then shows the card form. */
export function OrderPayment({
  orderId,
  amount,
  onPaid,
}: {
  orderId: string;
  amount: string;
  onPaid(): void;
}) {
  const config = useAppConfig();
  const [intent, setIntent] = useState<IntentState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const requested = useRef<{ key: string; intent: Promise<OrderPaymentIntentResponse> } | null>(null);

  useEffect(() => {
    const key = `${orderId}#${attempt}`;
    // React may run an effect twice in development: never create two intents for one attempt, but
    // listen to the one request from whichever run is still mounted.
    if (requested.current?.key !== key) {
      requested.current = { key, intent: createOrderPaymentIntent(orderId) };
      setIntent({ status: "loading" });
    }
    let mounted = true;
    requested.current.intent.then(
      (response) => mounted && setIntent({ status: "ready", clientSecret: response.clientSecret }),
      (error: unknown) => {
        if (!mounted) return;
        setIntent({ status: "failed" });
        toast({
          variant: "destructive",
          title: "Error",
          description: getServerMessage(error, "Could not initialize payment. Please try again."),
        });
      },
    );
    return () => {
      mounted = false;
    };
  }, [orderId, attempt]);

  const providerMissing =
    config.isError || (config.data?.paymentProvider === "stripe" && !config.data.stripePublishableKey);
  useEffect(() => {
    if (providerMissing) {
      toast({
        variant: "destructive",
        title: "Payment system not available",
        description: "Please try again later.",
      });
    }
  }, [providerMissing]);

  if (intent.status === "loading") {
    return (
      <Centered>
        <Spinner label="Preparing payment" />
        <span className="text-muted-foreground">Preparing secure payment...</span>
      </Centered>
    );
  }
  if (intent.status === "failed") {
    return (
      <Centered>
        <p className="text-muted-foreground">The payment could not be started.</p>
        <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </Centered>
    );
  }
  return (
    <div className="grid gap-3">
      <CardPaymentForm
        clientSecret={intent.clientSecret}
        amountLabel={formatPrice(amount)}
        returnUrl={paths.orders.getHref()}
        onSuccess={onPaid}
        onError={(message) =>
          toast({ variant: "destructive", title: "Payment failed", description: message })
        }
      />
      <p className="text-xs text-muted-foreground" data-testid="order-payment-rule">
        Your card is charged once for this order, even if you also open it in another tab or come back later.
      </p>
    </div>
  );
}
