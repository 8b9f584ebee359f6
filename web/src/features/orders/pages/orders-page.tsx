import { useInfiniteQuery } from "@tanstack/react-query";
import { PayByNote } from "@web/components/pay-by-note.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { winExpired } from "@web/lib/wins.ts";
import { Store, Trophy } from "lucide-react";
import { Link } from "react-router";
import { shippingAddressLines } from "#shared/orders";
import type { OrderView } from "#shared/schemas/orders";
import { orderQueries } from "../api/queries.ts";
import { OrderSummaryLine, TrackingLine } from "../components/order-summary-line.tsx";
import { OrdersListPage } from "../components/orders-list-page.tsx";
import { ShipByNote } from "../components/ship-by-note.tsx";

/** /orders: the user's orders with payment and shipping state. */
export function OrdersPage() {
  // Read 20 at a time under the list's own key, so what refreshes the list refreshes these pages.
  const orders = useInfiniteQuery(orderQueries.buyerOrderPages());
  return (
    <OrdersListPage
      orders={orders}
      width="max-w-4xl"
      title="My Orders"
      description="Track payment and shipping of what you won or bought with Buy It Now"
      link={{ to: paths.wonAuctions.getHref(), icon: Trophy, label: "Won Auctions" }}
      emptyDescription="Check out an auction you have won and its order will appear here."
      emptyLink={{ to: paths.wonAuctions.getHref(), label: "View Won Auctions" }}
    >
      {(order) => <BuyerOrderCard key={order.id} order={order} />}
    </OrdersListPage>
  );
}

function BuyerOrderCard({ order }: { order: OrderView }) {
  const unpaid = order.paymentStatus === "pending";
  const payable = unpaid && !winExpired(order, Date.now());
  return (
    <Card data-testid="order" data-order-id={order.id}>
      <CardContent className="grid gap-3 p-5">
        <OrderSummaryLine order={order} />
        {unpaid && <PayByNote win={order} what={order.kind === "buy_now" ? "order" : "win"} />}
        <ShipByNote order={order} />
        <p className="text-sm" data-testid="ship-to">
          <span className="text-muted-foreground">Ship to: </span>
          {shippingAddressLines(order).join(", ")}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
          <p className="flex items-center gap-1.5 text-sm">
            <Store className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="text-muted-foreground">Seller:</span>
            <span className="font-medium">{order.seller.businessName}</span>
          </p>
          <TrackingLine trackingNumber={order.trackingNumber} />
          {payable && (
            <Button asChild size="sm">
              <Link
                to={
                  order.kind === "buy_now"
                    ? paths.orderCheckout.getBuyNowHref(order.auctionId)
                    : paths.orderCheckout.getHref(order.auctionId)
                }
              >
                Complete Payment
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
