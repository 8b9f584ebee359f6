import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CardPaymentForm } from "@web/components/card-payment-form.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { ProductImage } from "@web/components/product-image.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { toast } from "@web/components/ui/use-toast.ts";
import { paths } from "@web/config/paths.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useAppConfig } from "@web/lib/app-config.ts";
import { buyItNow, useBuyNowAuction, useBuyNowOffer } from "@web/lib/buy-now.ts";
import { ArrowLeft, CheckCircle2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { formatPrice } from "#shared/money";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type {
  BuyNowOfferView,
  OrderPaymentIntentResponse,
  OrderView,
  ShippingAddress,
  WonAuction,
} from "#shared/schemas/orders";
import { useCreateOrder } from "../api/create-order.ts";
import { createOrderPaymentIntent } from "../api/create-order-payment-intent.ts";
import { buyerOrdersQueryKey, useBuyerOrders } from "../api/get-buyer-orders.ts";
import { useWonAuctions, wonAuctionsQueryKey } from "../api/get-won-auctions.ts";
import { ListError } from "../components/list-states.tsx";
import { ShippingForm } from "../components/shipping-form.tsx";

/**
 * /order-checkout/:auctionId: the winner's order summary, then the shipping form (which creates the
 * order), then the card payment of that order; success leads to /orders. An order created earlier
 * but not paid goes straight to the payment step.
 */
export function OrderCheckoutPage() {
  const { auctionId = "" } = useParams();
  const [search] = useSearchParams();
  return search.get("buyNow") === "1" ? (
    <BuyNowCheckoutPage auctionId={auctionId} />
  ) : (
    <WonAuctionCheckoutPage auctionId={auctionId} />
  );
}

function WonAuctionCheckoutPage({ auctionId }: { auctionId: string }) {
  const wins = useWonAuctions();
  const auction = wins.data?.find((win) => win.id === auctionId);

  return (
    <PageContainer className="max-w-5xl">
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
        <Link to={paths.wonAuctions.getHref()}>
          <ArrowLeft aria-hidden="true" />
          Back to Won Auctions
        </Link>
      </Button>
      {wins.isPending ? (
        <Centered>
          <Spinner label="Loading order" />
        </Centered>
      ) : wins.isError ? (
        <ListError
          error={wins.error}
          fallback="Failed to load the auction"
          onRetry={() => void wins.refetch()}
        />
      ) : !auction ? (
        <Centered>
          <h1 className="text-2xl font-bold">Auction not found</h1>
          <p className="text-muted-foreground">Only auctions you have won can be checked out.</p>
        </Centered>
      ) : (
        <Checkout auction={auction} />
      )}
    </PageContainer>
  );
}

function Checkout({ auction }: { auction: WonAuction }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  // Once an order exists, the page stays on its payment even when the won-auctions list refreshes.
  const [orderId, setOrderId] = useState<string | null>(auction.order?.id ?? null);
  const paid = auction.order?.paymentStatus === "paid";

  const submitShipping = (address: ShippingAddress) =>
    createOrder.mutate(
      { auctionId: auction.id, ...address },
      {
        onSuccess: (order) => {
          toastOrderCreated();
          setOrderId(order.id);
        },
        onError: toastOrderFailed,
      },
    );

  const onPaid = () => {
    toastPaid();
    void queryClient.invalidateQueries({ queryKey: buyerOrdersQueryKey });
    void queryClient.invalidateQueries({ queryKey: wonAuctionsQueryKey });
    navigate(paths.orders.getHref());
  };

  return (
    <>
      <PageHeader title="Checkout" description="Complete your purchase of the item you won" />
      <div className="grid gap-6 md:grid-cols-5">
        <OrderSummary
          product={auction.product}
          sellerName={auction.seller.businessName}
          lines={[{ label: "Final price", value: formatPrice(auction.finalPrice) }]}
          total={auction.finalPrice}
        />
        <CheckoutSteps
          paid={paid}
          orderId={orderId}
          amount={auction.finalPrice}
          busy={createOrder.isPending}
          onShipping={submitShipping}
          onPaid={onPaid}
        />
      </div>
    </>
  );
}

interface SummaryLine {
  label: string;
  value: string;
}

// The answers both checkouts (a win, Buy It Now) give, worded once.
function toastOrderCreated() {
  toast({ variant: "success", title: "Order created. Please complete payment to finalize your purchase." });
}

function toastOrderFailed(error: unknown) {
  toast({
    variant: "destructive",
    title: "Error",
    description: getServerMessage(error, "Failed to create order"),
  });
}

function toastPaid() {
  toast({
    variant: "success",
    title: "Payment successful!",
    description: "Your order has been placed. Check your orders page for details.",
  });
}

function OrderSummary({
  product,
  sellerName,
  lines,
  total,
}: {
  product: { imageUrl: string; name: string; description: string };
  sellerName: string;
  lines: SummaryLine[];
  total: string;
}) {
  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4" data-testid="order-summary">
        <ProductImage
          src={product.imageUrl}
          alt={product.name}
          className="h-48 w-full rounded-lg object-cover"
        />
        <div className="grid gap-1">
          <h2 className="font-semibold">{product.name}</h2>
          <p className="text-sm text-muted-foreground">{product.description}</p>
        </div>
        <dl className="grid gap-2 text-sm">
          {[...lines, { label: "Seller", value: sellerName }].map((line) => (
            <div key={line.label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{line.label}</dt>
              <dd className="font-medium">{line.value}</dd>
            </div>
          ))}
          <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-border pt-3">
            <dt className="font-semibold">Total Due</dt>
            <dd className="text-2xl font-bold" data-testid="total-due">
              {formatPrice(total)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The right-hand card: shipping (which creates the order), then the card payment, then "paid". */
function CheckoutSteps({
  paid,
  orderId,
  amount,
  busy,
  onShipping,
  onPaid,
}: {
  paid: boolean;
  orderId: string | null;
  amount: string;
  busy: boolean;
  onShipping: (address: ShippingAddress) => void;
  onPaid: () => void;
}) {
  return (
    <Card className="md:col-span-3">
      {paid ? (
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
          <CardContent>
            <OrderPayment orderId={orderId} amount={amount} onPaid={onPaid} />
          </CardContent>
        </>
      ) : (
        <>
          <CardHeader>
            <CardTitle>Shipping Address</CardTitle>
          </CardHeader>
          <CardContent>
            <ShippingForm busy={busy} onSubmit={onShipping} />
          </CardContent>
        </>
      )}
    </Card>
  );
}

/**
 * /order-checkout/:auctionId?buyNow=1: the same checkout for Buy It Now — the offer's summary (retail
 * less the bids credited), the shipping form (which creates the buy_now order), then its payment. An
 * unpaid Buy It Now order of this auction goes straight to its payment.
 */
function BuyNowCheckoutPage({ auctionId }: { auctionId: string }) {
  const auction = useBuyNowAuction(auctionId);
  const offer = useBuyNowOffer(auctionId, true);
  const orders = useBuyerOrders();
  const loading = auction.isPending || offer.isPending || orders.isPending;
  const failed = auction.error ?? offer.error ?? orders.error;
  const existing = orders.data?.find((order) => order.kind === "buy_now" && order.auctionId === auctionId);

  return (
    <PageContainer className="max-w-5xl">
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
        <Link to={paths.auction.getHref(auctionId)}>
          <ArrowLeft aria-hidden="true" />
          Back to the auction
        </Link>
      </Button>
      {loading ? (
        <Centered>
          <Spinner label="Loading order" />
        </Centered>
      ) : failed || !auction.data || !offer.data ? (
        <ListError
          error={failed}
          fallback="Failed to load the auction"
          onRetry={() => {
            void auction.refetch();
            void offer.refetch();
            void orders.refetch();
          }}
        />
      ) : !existing && !offer.data.eligible ? (
        <Centered>
          <h1 className="text-2xl font-bold">Buy It Now is not available</h1>
          <p className="text-muted-foreground" data-testid="buy-now-reason">
            {offer.data.reason}
          </p>
        </Centered>
      ) : (
        <BuyNowCheckout auction={auction.data} offer={offer.data} existing={existing ?? null} />
      )}
    </PageContainer>
  );
}

function BuyNowCheckout({
  auction,
  offer,
  existing,
}: {
  auction: AuctionDetail;
  offer: BuyNowOfferView;
  existing: OrderView | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<OrderView | null>(existing);
  const buy = useMutation({
    mutationFn: (address: ShippingAddress) => buyItNow(auction.id, address),
  });
  // Once ordered, the summary shows what the order says (the credit counted at that moment).
  const retail = order?.buyNow?.retailPrice ?? offer.retailPrice ?? "0";
  const bids = order?.buyNow?.bidsCredited ?? offer.bidsPlaced;
  const credit = order?.buyNow?.credit ?? offer.credit;
  const total = order?.finalPrice ?? offer.price ?? retail;

  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: buyerOrdersQueryKey });
    navigate(paths.orders.getHref());
  };
  const onPaid = () => {
    toastPaid();
    finish();
  };
  const submitShipping = (address: ShippingAddress) =>
    buy.mutate(address, {
      onSuccess: (created) => {
        void queryClient.invalidateQueries({ queryKey: buyerOrdersQueryKey });
        if (created.paymentStatus === "paid") {
          // Bids worth the whole retail price: nothing to pay.
          toast({
            variant: "success",
            title: "Order placed",
            description: "Your bids covered the whole price.",
          });
          finish();
          return;
        }
        toastOrderCreated();
        setOrder(created);
      },
      onError: toastOrderFailed,
    });

  return (
    <>
      <PageHeader title="Checkout" description="Buy It Now: the retail price less the bids you spent" />
      <div className="grid gap-6 md:grid-cols-5">
        <OrderSummary
          product={auction.product}
          sellerName={auction.seller.businessName}
          lines={[
            { label: "Retail price", value: formatPrice(retail) },
            {
              label: `Credit for your ${bids} ${bids === 1 ? "bid" : "bids"}`,
              value: `−${formatPrice(credit)}`,
            },
          ]}
          total={total}
        />
        <CheckoutSteps
          paid={order?.paymentStatus === "paid"}
          orderId={order?.id ?? null}
          amount={total}
          busy={buy.isPending}
          onShipping={submitShipping}
          onPaid={onPaid}
        />
      </div>
    </>
  );
}

type IntentState = { status: "loading" } | { status: "ready"; clientSecret: string } | { status: "failed" };

/** Asks for the order's PaymentIntent once per order, then shows the card form. */
function OrderPayment({ orderId, amount, onPaid }: { orderId: string; amount: string; onPaid(): void }) {
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
    <CardPaymentForm
      clientSecret={intent.clientSecret}
      amountLabel={formatPrice(amount)}
      returnUrl={paths.orders.getHref()}
      onSuccess={onPaid}
      onError={(message) => toast({ variant: "destructive", title: "Payment failed", description: message })}
    />
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-center justify-center gap-3 py-12 text-center">{children}</div>;
}
