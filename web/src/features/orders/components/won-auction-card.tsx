import { AllInSavings } from "@web/components/all-in-savings.tsx";
import { ExchangeWinButton } from "@web/components/exchange-win-button.tsx";
import { PayByNote } from "@web/components/pay-by-note.tsx";
import { PayWinButton } from "@web/components/pay-win-button.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { PaymentBadge, ShippingBadge } from "@web/components/status-badges.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { formatDate } from "@web/lib/format-date.ts";
import { awaitsPayment, winExpired } from "@web/lib/wins.ts";
import { Package, Trophy } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "#shared/money";
import type { WonAuction } from "#shared/schemas/orders";
import { ALL_IN_LABEL, BIDS_SPENT_LABEL, bidsSpentText, FINAL_PRICE_LABEL } from "#shared/win-figures";

/**
 * One win on the wins page and what to do next: unpaid (no order yet, or its payment pending) ->
 * "Pay $X now" or "Exchange for N bids"; paid -> the order's payment and shipping status and a way to
 * the order; given up for its bids -> what came back.
 */
export function WonAuctionCard({ auction }: { auction: WonAuction }) {
  const { product, order } = auction;
  const exchanged = auction.exchangedBids !== null;
  const unpaid = awaitsPayment(auction) && !exchanged;
  const expired = exchanged || (unpaid && winExpired(auction, Date.now()));
  return (
    <Card
      className="flex flex-col overflow-hidden sm:flex-row"
      data-testid="win-card"
      data-auction-id={auction.id}
    >
      <div className="relative shrink-0">
        <ProductPhoto product={product} className="h-44 w-full object-cover sm:h-full sm:w-48" />
        <Badge variant="success" className="absolute left-3 top-3">
          <Trophy aria-hidden="true" />
          Won
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold leading-tight">{product.name}</h2>
            <p className="text-sm text-muted-foreground">Sold by {auction.seller.businessName}</p>
          </div>
          {order && !unpaid && !exchanged && (
            <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs" data-testid="order-status">
              <div className="flex items-center gap-1">
                <dt className="text-muted-foreground">Payment</dt>
                <dd>
                  <PaymentBadge status={order.paymentStatus} />
                </dd>
              </div>
              <div className="flex items-center gap-1">
                <dt className="text-muted-foreground">Shipping</dt>
                <dd>
                  <ShippingBadge status={order.shippingStatus} />
                </dd>
              </div>
            </dl>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
          <Fact label="Won on" value={formatDate(auction.wonAt)} />
          <Fact
            label={FINAL_PRICE_LABEL}
            value={formatPrice(auction.finalPrice)}
            strong
            testId="final-price"
          />
          <Fact label="Bids in all" value={auction.totalBids.toLocaleString("en-US")} />
          {!exchanged && (
            <>
              <Fact
                label={BIDS_SPENT_LABEL}
                value={bidsSpentText(auction.me.bidsPlaced, auction.me.bidsValue)}
                testId="bids-spent"
              />
              <Fact label={ALL_IN_LABEL} value={formatPrice(auction.allInCost)} testId="all-in-cost" />
            </>
          )}
        </dl>
        {!exchanged && (
          <AllInSavings
            allInCost={auction.allInCost}
            retailPrice={auction.retailPrice}
            meltValue={auction.meltValue}
          />
        )}
        {(unpaid || exchanged) && <PayByNote win={auction} />}
        <div className="mt-auto flex flex-wrap gap-2">
          {expired ? null : unpaid ? (
            <>
              <PayWinButton auctionId={auction.id} finalPrice={auction.finalPrice} />
              <ExchangeWinButton
                auctionId={auction.id}
                productName={product.name}
                bids={auction.me.bidsPlaced}
              />
            </>
          ) : (
            <Button asChild variant="outline">
              <Link to={paths.orders.getHref()}>
                <Package aria-hidden="true" />
                View Order
              </Link>
            </Button>
          )}
          <Button asChild variant="ghost">
            <Link to={paths.auction.getHref(auction.id)}>View Auction</Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}

function Fact({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={strong ? "text-lg font-bold text-foreground" : "font-medium"} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
