import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CardPaymentForm } from "@web/components/card-payment-form.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { paths } from "@web/config/paths.ts";
import { getErrorStatus, getServerMessage } from "@web/lib/api-client.ts";
import { meQuery } from "@web/lib/current-user.ts";
import { toast } from "@web/lib/toast.ts";
import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { formatPrice } from "#shared/money";
import { pricePerBid } from "#shared/packages";
import { paymentIntentIdFromClientSecret } from "#shared/payments";
import type { BidPackage } from "#shared/schemas/payments";
import { paymentQueries } from "../api/queries.ts";
import { TrustBadges } from "../components/trust-badges.tsx";
import { readSelectedPackage } from "../lib/selected-package.ts";
import type { RefusedPurchase } from "./bid-packages-page.tsx";

/** /checkout: pays for the package stored by /bid-packages or the purchase modal. */
export function CheckoutPage() {
  const [bidPackage] = useState(readSelectedPackage);
  if (!bidPackage) return <Navigate to={paths.home.getHref()} replace />;
  return <PackageCheckout bidPackage={bidPackage} />;
}

function PackageCheckout({ bidPackage }: { bidPackage: BidPackage }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const intent = useQuery(paymentQueries.intent(bidPackage.id));
  const refused = intent.isError && getErrorStatus(intent.error) === 403;
  const secret = intent.data?.clientSecret;
  const clientSecret = secret && paymentIntentIdFromClientSecret(secret) ? secret : null;
  const broken = (intent.isError && !refused) || (intent.isSuccess && !clientSecret);

  useEffect(() => {
    if (!broken) return;
    toast({
      variant: "destructive",
      title: "Error",
      description: intent.isError
        ? getServerMessage(intent.error, "Could not initialize payment. Please try again.")
        : "Invalid payment response. Please try again.",
    });
  }, [broken, intent.isError, intent.error]);

  // A limit or a self-exclusion: back to the packages, where the refusal is said beside the package.
  if (refused) {
    const refusal: RefusedPurchase = {
      packageId: bidPackage.id,
      message: getServerMessage(intent.error, "This purchase is not allowed now."),
    };
    return <Navigate to={paths.bidPackages.getHref()} replace state={{ refused: refusal }} />;
  }
  if (broken) return <Navigate to={paths.home.getHref()} replace />;

  const onSuccess = (paymentIntentId: string) => {
    toast({
      variant: "success",
      title: "Payment Successful",
      description: "Your bid credits have been added to your account!",
    });
    void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
    navigate(`${paths.paymentSuccess.getHref()}?payment_intent=${encodeURIComponent(paymentIntentId)}`);
  };

  const onError = (message: string) => {
    toast({ variant: "destructive", title: "Payment Failed", description: message });
  };

  const perBid = pricePerBid(bidPackage.price, bidPackage.bidCount);

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="Checkout" description="Complete your bid package purchase" />
      <div className="grid gap-6 md:grid-cols-5">
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Purchase Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm" data-testid="purchase-summary">
              <SummaryRow label="Package" value={bidPackage.name} />
              <SummaryRow label="Bid Credits" value={bidPackage.bidCount.toLocaleString("en-US")} />
              {bidPackage.savings > 0 && (
                <SummaryRow label="Savings" value={`${bidPackage.savings}%`} accent />
              )}
              {perBid && <SummaryRow label="Price per bid" value={formatPrice(perBid)} />}
              <div className="mt-2 flex items-baseline justify-between border-t border-border pt-3">
                <dt className="font-semibold">Total</dt>
                <dd className="text-2xl font-bold text-foreground">{formatPrice(bidPackage.price)}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card className="md:col-span-3">
          <CardHeader>
            <CardTitle>Payment Details</CardTitle>
          </CardHeader>
          <CardContent>
            {clientSecret ? (
              <CardPaymentForm
                clientSecret={clientSecret}
                amountLabel={formatPrice(bidPackage.price)}
                returnUrl={paths.paymentSuccess.getHref()}
                onSuccess={onSuccess}
                onError={onError}
                onCancel={() => navigate(paths.home.getHref())}
              />
            ) : (
              <div className="flex items-center justify-center gap-3 py-8 text-muted-foreground">
                <Spinner label="Preparing payment" />
                <span>Preparing secure payment...</span>
              </div>
            )}
            <p className="mt-4 text-xs text-muted-foreground" data-testid="purchase-rules">
              Your card is charged once, when you press Pay. A payment that would go over your{" "}
              <Link to={paths.spendingLimits.getHref()} className="underline underline-offset-2">
                spending limits
              </Link>
              , or arrives while you are self-excluded, is refunded and adds no credits (
              <Link to={paths.help.getHref()} className="underline underline-offset-2">
                more in Help
              </Link>
              ).
            </p>
            <TrustBadges className="mt-6" />
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}

function SummaryRow({ label, value, accent }: { label: string; value: string; accent?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={accent ? "font-semibold text-success" : "font-medium text-foreground"}>{value}</dd>
    </div>
  );
}
