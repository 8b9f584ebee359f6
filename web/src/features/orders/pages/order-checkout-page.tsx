import { useQuery } from "@tanstack/react-query";
import { ListError } from "@web/components/list-states.tsx";
import { PageContainer } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { paths } from "@web/config/paths.ts";
import { useBuyNowOffer } from "@web/lib/buy-now.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { ArrowLeft } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import { useBuyNowAuction } from "../api/buy-now.ts";
import { orderQueries } from "../api/queries.ts";
import { BuyNowCheckout } from "../components/checkout/buy-now-checkout.tsx";
import { Centered } from "../components/checkout/centered.tsx";
import { WonAuctionCheckout } from "../components/checkout/won-auction-checkout.tsx";

/**
 * /order-checkout/:auctionId: the winner's order summary, then the shipping form (which creates the
 * order), then the card payment of that order; success leads to /orders. An order created earlier
 * but not paid goes straight to the payment step.
 */
export function OrderCheckoutPage() {
  useDocumentTitle("Checkout");
  const { auctionId = "" } = useParams();
  const [search] = useSearchParams();
  return search.get("buyNow") === "1" ? (
    <BuyNowCheckoutPage auctionId={auctionId} />
  ) : (
    <WonAuctionCheckoutPage auctionId={auctionId} />
  );
}

function WonAuctionCheckoutPage({ auctionId }: { auctionId: string }) {
  const wins = useQuery(orderQueries.wonAuctions());
  const auction = wins.data?.find((win) => win.id === auctionId);

  return (
    <PageContainer className="max-w-5xl">
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
        <Link to={paths.myWins.getHref()}>
          <ArrowLeft aria-hidden="true" />
          Back to My Wins
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
        <WonAuctionCheckout auction={auction} />
      )}
    </PageContainer>
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
  const orders = useQuery(orderQueries.buyerOrders());
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
