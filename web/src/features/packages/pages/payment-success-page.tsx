import { useQueryClient } from "@tanstack/react-query";
import { PageContainer } from "@web/components/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { paths } from "@web/config/paths.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { meQueryKey } from "@web/lib/current-user.ts";
import { AlertCircle, CheckCircle2, Clock } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import type { CurrentUser } from "#shared/schemas/auth";
import type { VerifyPaymentResponse } from "#shared/schemas/payments";
import { verifyPayment } from "../api/verify-payment.ts";
import { clearSelectedPackage } from "../lib/selected-package.ts";
import { useRequestOnce } from "../lib/use-request-once.ts";

/** docs/product.md section 9: the transaction id is shown by its first 20 characters. */
const TRANSACTION_ID_SHOWN = 20;

/** /payment-success?payment_intent=pi_...: where the card form (or Stripe's redirect) lands. */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const paymentIntentId = searchParams.get("payment_intent");
  if (!paymentIntentId) return <Navigate to={paths.home.getHref()} replace />;
  return <PaymentResult key={paymentIntentId} paymentIntentId={paymentIntentId} />;
}

type ResultState =
  | { kind: "verifying" }
  | { kind: "verified"; result: VerifyPaymentResponse }
  | { kind: "failed"; message: string };

function PaymentResult({ paymentIntentId }: { paymentIntentId: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ResultState>({ kind: "verifying" });

  useEffect(() => {
    clearSelectedPackage();
  }, []);

  const onVerified = (result: VerifyPaymentResponse) => {
    setState({ kind: "verified", result });
    // The header's "N Bids" shows the new balance at once, then the refetch confirms it.
    queryClient.setQueryData<CurrentUser | null>(meQueryKey, (user) =>
      user ? { ...user, bidBalance: result.bidBalance } : user,
    );
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  const onFailed = (error: unknown) =>
    setState({ kind: "failed", message: getServerMessage(error, "We could not confirm this payment.") });

  useRequestOnce(() => verifyPayment(paymentIntentId), { onSuccess: onVerified, onError: onFailed });

  const checkAgain = () => {
    setState({ kind: "verifying" });
    verifyPayment(paymentIntentId).then(onVerified, onFailed);
  };

  if (state.kind === "verifying") {
    return (
      <Centered>
        <div className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
          <Spinner label="Confirming your payment" className="size-8" />
          <p>Confirming your payment...</p>
        </div>
      </Centered>
    );
  }

  if (state.kind === "failed") {
    return (
      <Centered>
        <ResultCard
          icon={<AlertCircle className="size-14 text-destructive" aria-hidden="true" />}
          title="We could not confirm your payment"
          text={state.message}
        />
      </Centered>
    );
  }

  const { result } = state;
  if (result.status === "processing") {
    return (
      <Centered>
        <ResultCard
          icon={<Clock className="size-14 text-primary" aria-hidden="true" />}
          title="Payment Processing"
          text="Your bank is still confirming this payment. Your bid credits are added as soon as it completes."
          extra={
            <Button variant="outline" onClick={checkAgain}>
              Check again
            </Button>
          }
        />
      </Centered>
    );
  }
  if (result.status !== "succeeded") {
    return (
      <Centered>
        <ResultCard
          icon={<AlertCircle className="size-14 text-destructive" aria-hidden="true" />}
          title="Payment Not Completed"
          text="This payment did not go through, so no bid credits were added. You can try again with another card."
        />
      </Centered>
    );
  }

  return (
    <Centered>
      <ResultCard
        icon={<CheckCircle2 className="size-16 text-success" aria-hidden="true" />}
        title="Payment Successful!"
        text="Your bid credits have been added to your account. Time to start winning!"
        extra={
          <dl className="grid w-full gap-3 rounded-lg bg-muted p-4 text-sm">
            <Row label="New Bid Balance">
              <span data-testid="new-bid-balance" className="text-lg font-bold text-foreground">
                {`${result.bidBalance} Bids`}
              </span>
            </Row>
            <Row label="Transaction ID">
              <span className="font-mono text-xs" title={result.paymentIntentId}>
                {result.paymentIntentId.slice(0, TRANSACTION_ID_SHOWN)}
              </span>
            </Row>
            <Row label="Status">
              <Badge variant="success">Completed</Badge>
            </Row>
          </dl>
        }
      />
    </Centered>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <PageContainer className="max-w-xl">{children}</PageContainer>;
}

function ResultCard({
  icon,
  title,
  text,
  extra,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  extra?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-5 pt-8 text-center">
        {icon}
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">{text}</p>
        </div>
        {extra}
        <div className="flex w-full flex-col gap-2 sm:flex-row">
          <Button asChild size="lg" className="flex-1">
            <Link to={paths.home.getHref()}>View Live Auctions</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="flex-1">
            <Link to={paths.bidPackages.getHref()}>Buy More Bids</Link>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          New to penny auctions?{" "}
          <Link to={paths.howItWorks.getHref()} className="font-semibold text-primary-hover hover:underline">
            Learn how bidding works
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
