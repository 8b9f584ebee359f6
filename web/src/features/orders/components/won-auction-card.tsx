import { ProductImage } from "@web/components/product-image.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { formatDate } from "@web/lib/format-date.ts";
import { CheckCircle2, Clock, CreditCard, Package } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "#shared/money";
import type { WonAuction } from "#shared/schemas/orders";
import { AllInSavings } from "./all-in-savings.tsx";

/**
 * One won auction on /auctions/won and what to do next: no order yet -> Proceed to Checkout;
 * ordered but unpaid -> Payment Pending (and a way back to pay); paid -> Order Placed + View Order.
 */
export function WonAuctionCard({ auction }: { auction: WonAuction }) {
  const { product, order } = auction;
  return (
    <Card
      className="flex flex-col overflow-hidden sm:flex-row"
      data-testid="won-auction"
      data-auction-id={auction.id}
    >
      <ProductImage
        src={product.imageUrl}
        alt={product.name}
        className="h-44 w-full shrink-0 object-cover sm:h-auto sm:w-48"
      />
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold leading-tight">{product.name}</h2>
            <p className="text-sm text-muted-foreground">Sold by {auction.seller.businessName}</p>
          </div>
          <OrderStateBadge order={order} />
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <Fact label="Won on" value={formatDate(auction.wonAt)} />
          <Fact label="Final price" value={formatPrice(auction.finalPrice)} strong />
          <Fact label="Total bids" value={auction.totalBids.toLocaleString("en-US")} />
          <Fact
            label={`All-in (with your ${auction.me.bidsPlaced} ${auction.me.bidsPlaced === 1 ? "bid" : "bids"})`}
            value={formatPrice(auction.allInCost)}
          />
        </dl>
        <AllInSavings allInCost={auction.allInCost} retailPrice={auction.retailPrice} />
        <div className="mt-auto flex flex-wrap gap-2">
          <NextStep auction={auction} />
        </div>
      </div>
    </Card>
  );
}

function OrderStateBadge({ order }: { order: WonAuction["order"] }) {
  if (!order) return null;
  if (order.paymentStatus === "pending") {
    return (
      <Badge variant="warning">
        <Clock aria-hidden="true" />
        Payment Pending
      </Badge>
    );
  }
  return (
    <Badge variant="success">
      <CheckCircle2 aria-hidden="true" />
      Order Placed
    </Badge>
  );
}

function NextStep({ auction }: { auction: WonAuction }) {
  if (!auction.order) {
    return (
      <Button asChild>
        <Link to={paths.orderCheckout.getHref(auction.id)}>
          <CreditCard aria-hidden="true" />
          Proceed to Checkout
        </Link>
      </Button>
    );
  }
  if (auction.order.paymentStatus === "pending") {
    return (
      <Button asChild variant="outline">
        <Link to={paths.orderCheckout.getHref(auction.id)}>
          <CreditCard aria-hidden="true" />
          Complete Payment
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <Link to={paths.orders.getHref()}>
        <Package aria-hidden="true" />
        View Order
      </Link>
    </Button>
  );
}

function Fact({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={strong ? "text-lg font-bold text-foreground" : "font-medium"}>{value}</dd>
    </div>
  );
}
