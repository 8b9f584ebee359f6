import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { CheckCircle2, MapPin } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { shippingAddressLines } from "#shared/orders";
import type { OrderView, ShippingAddress } from "#shared/schemas/orders";
import { orderQueries } from "../../api/queries.ts";
import { ShippingForm } from "../shipping-form.tsx";
import { OrderPayment } from "./order-payment.tsx";

/** The right-hand card: shipping (which creates the order), then the card payment, then "paid". */
export function CheckoutSteps({
  paid,
  orderId,
  shipTo = null,
  amount,
  busy,
  error,
  onShipping,
  onPaid,
}: {
  paid: boolean;
  orderId: string | null;
  /** Where the order ships, once it exists (read from the buyer's orders when not given). */
  shipTo?: ShipTo | null;
  amount: string;
  busy: boolean;
  /** The shipping step's last refusal: a 400 shows at the field it names. */
  error: unknown;
  onShipping: (address: ShippingAddress) => void;
  onPaid: () => void;
}) {
  const step = paid ? "paid" : orderId ? "payment" : "shipping";
  const last = useQuery({ ...orderQueries.lastOrder(), enabled: step === "shipping" });
  // Back to pay an order placed earlier: its address is in the buyer's orders.
  const orders = useQuery({ ...orderQueries.buyerOrders(), enabled: step === "payment" && !shipTo });
  const address = shipTo ?? orders.data?.find((o) => o.id === orderId) ?? null;
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the summary stacks above this card, so the card field starts below the fold, whether
    // the buyer just gave the address or came back to pay: bring the step's top up (not when it is
    // already near the top, as beside the summary on a desktop).
    const top = card.current?.getBoundingClientRect().top;
    if (step !== "payment" || top === undefined) return;
    if (top < 0 || top > window.innerHeight / 3) card.current?.scrollIntoView({ block: "start" });
  }, [step]);

  return (
    <Card ref={card} className="scroll-mt-20 md:col-span-3" data-testid="checkout-step" data-step={step}>
      {step === "paid" ? (
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
          <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
          <p className="font-semibold">This order has been paid.</p>
          <Button asChild>
            <Link to={paths.orders.getHref()}>View Order</Link>
          </Button>
        </CardContent>
      ) : orderId ? (
        <>
          <CardHeader>
            <CardTitle>Payment</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {address && <ShipToLine address={address} />}
            <OrderPayment orderId={orderId} amount={amount} onPaid={onPaid} />
          </CardContent>
        </>
      ) : (
        <>
          <CardHeader>
            <CardTitle>Shipping Address</CardTitle>
          </CardHeader>
          <CardContent>
            <ShippingForm busy={busy} last={last.data ?? null} error={error} onSubmit={onShipping} />
          </CardContent>
        </>
      )}
    </Card>
  );
}

type ShipTo = Pick<
  OrderView,
  "shippingName" | "shippingAddress" | "shippingCity" | "shippingState" | "shippingZip" | "shippingCountry"
>;

/** The address the order ships to, repeated before the card is charged. */
function ShipToLine({ address }: { address: ShipTo }) {
  return (
    <div className="grid gap-1 rounded-md border border-border p-3 text-sm" data-testid="payment-ship-to">
      <p className="flex items-center gap-1.5 font-medium">
        <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        Ships to
      </p>
      <address className="grid not-italic">
        {address.shippingName && <span>{address.shippingName}</span>}
        {shippingAddressLines(address).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      <p className="text-muted-foreground">Free insured shipping, signature on delivery.</p>
    </div>
  );
}
