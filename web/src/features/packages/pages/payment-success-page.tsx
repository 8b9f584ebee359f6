import { PageContainer } from "@web/components/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { paths } from "@web/config/paths.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { AlertCircle, CheckCircle2, Clock, Undo2 } from "lucide-react";
import { type ComponentProps, useEffect } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { plural } from "#shared/plural";
import { PaymentResultCard, ReceiptRow } from "../components/payment-result-card.tsx";
import { type PaymentVerification, usePaymentVerification } from "../hooks/use-payment-verification.ts";
import { clearSelectedPackage } from "../lib/selected-package.ts";

/** docs/product.md section 9: the transaction id is shown by its first 20 characters. */
const TRANSACTION_ID_SHOWN = 20;

/** /payment-success?payment_intent=pi_...: where the card form (or Stripe's redirect) lands. */
export function PaymentSuccessPage() {
  useDocumentTitle("Payment");
  const [searchParams] = useSearchParams();
  const paymentIntentId = searchParams.get("payment_intent");
  if (!paymentIntentId) return <Navigate to={paths.home.getHref()} replace />;
  return <PaymentResult key={paymentIntentId} paymentIntentId={paymentIntentId} />;
}

function PaymentResult({ paymentIntentId }: { paymentIntentId: string }) {
  const { state, checkAgain } = usePaymentVerification(paymentIntentId);
  useEffect(() => {
    clearSelectedPackage();
  }, []);

  if (state.kind === "verifying") {
    return (
      <PageContainer className="max-w-xl">
        <div className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
          <Spinner label="Confirming your payment" className="size-8" />
          <p>Confirming your payment...</p>
        </div>
      </PageContainer>
    );
  }
  return (
    <PageContainer className="max-w-xl">
      <PaymentResultCard {...outcome(state, checkAgain)} />
    </PageContainer>
  );
}

/** What the card says for a confirmed (or failed) check of the payment. */
function outcome(
  state: Exclude<PaymentVerification, { kind: "verifying" }>,
  checkAgain: () => void,
): ComponentProps<typeof PaymentResultCard> {
  const failedIcon = <AlertCircle className="size-14 text-destructive" aria-hidden="true" />;
  if (state.kind === "failed") {
    return { icon: failedIcon, title: "We could not confirm your payment", text: state.message };
  }
  const { result } = state;
  if (result.status === "processing") {
    return {
      icon: <Clock className="size-14 text-primary" aria-hidden="true" />,
      title: "Payment Processing",
      text: "Your bank is still confirming this payment. Your bid credits are added as soon as it completes.",
      extra: (
        <Button variant="outline" onClick={checkAgain}>
          Check again
        </Button>
      ),
    };
  }
  if (result.status !== "succeeded") {
    return {
      icon: failedIcon,
      title: "Payment Not Completed",
      text: "This payment did not go through, so no bid credits were added. You can try again with another card.",
    };
  }
  if (result.refusal) {
    return {
      icon: <Undo2 className="size-14 text-destructive" aria-hidden="true" />,
      title: "Refunded, no credits added",
      text: `${result.refusal} Your payment is refunded in full to your card.`,
      extra: (
        <Link to={paths.spendingLimits.getHref()} className="text-sm underline underline-offset-4">
          Your spending limits
        </Link>
      ),
    };
  }
  return {
    icon: <CheckCircle2 className="size-16 text-success" aria-hidden="true" />,
    title: "Payment Successful!",
    text: "Your bid credits have been added to your account. Time to start winning!",
    extra: (
      <dl className="grid w-full gap-3 rounded-lg bg-muted p-4 text-sm">
        <ReceiptRow label="New Bid Balance">
          <span data-testid="new-bid-balance" className="text-lg font-bold text-foreground">
            {plural(result.bidBalance, "Bid")}
          </span>
        </ReceiptRow>
        <ReceiptRow label="Transaction ID">
          <span className="font-mono text-xs" title={result.paymentIntentId}>
            {result.paymentIntentId.slice(0, TRANSACTION_ID_SHOWN)}
          </span>
        </ReceiptRow>
        <ReceiptRow label="Status">
          <Badge variant="success">Completed</Badge>
        </ReceiptRow>
      </dl>
    ),
  };
}
