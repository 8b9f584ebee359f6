import { useInfiniteQuery } from "@tanstack/react-query";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { formatDateTimeWithYear } from "@web/lib/format-date.ts";
import { CalendarClock, LayoutDashboard, Mail, MapPin, Undo2, User } from "lucide-react";
import { shippingAddressLines } from "#shared/orders";
import type { OrderView } from "#shared/schemas/orders";
import { orderQueries } from "../api/queries.ts";
import { OrderSummaryLine, TrackingLine } from "../components/order-summary-line.tsx";
import { OrdersListPage } from "../components/orders-list-page.tsx";
import { UpdateShippingDialog } from "../components/update-shipping-dialog.tsx";

/** /seller-orders: the seller's sold items to ship. */
export function SellerOrdersPage() {
  // Read 20 at a time under the list's own key, so what refreshes the list refreshes these pages.
  const orders = useInfiniteQuery(orderQueries.sellerOrderPages());
  return (
    <OrdersListPage
      orders={orders}
      width="max-w-5xl"
      title="Orders to Fulfill"
      description="Ship the items your buyers have won and keep them posted"
      link={{ to: paths.sellerDashboard.getHref(), icon: LayoutDashboard, label: "Seller Dashboard" }}
      emptyDescription="When a buyer checks out one of your won auctions, the order appears here."
    >
      {(order) => <SellerOrderCard key={order.id} order={order} />}
    </OrdersListPage>
  );
}

function SellerOrderCard({ order }: { order: OrderView }) {
  const [street, cityLine, country] = shippingAddressLines(order);
  return (
    <Card data-testid="seller-order" data-order-id={order.id}>
      <CardContent className="grid gap-4 p-5">
        <OrderSummaryLine order={order} />
        <SellerShipBy order={order} />
        <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2">
          <div className="grid gap-1.5 text-sm">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Buyer</h3>
            <p className="flex items-center gap-1.5">
              <User className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="font-medium">{order.buyer.username}</span>
            </p>
            <p className="flex items-center gap-1.5">
              <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
              <a href={`mailto:${order.buyer.email}`} className="hover:underline">
                {order.buyer.email}
              </a>
            </p>
          </div>
          <div className="grid gap-1.5 text-sm">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Ship to</h3>
            <address className="flex gap-1.5 not-italic" data-testid="shipping-address">
              <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="grid">
                {order.shippingName && <span className="font-medium">{order.shippingName}</span>}
                <span>{street}</span>
                <span>{cityLine}</span>
                <span>{country}</span>
              </span>
            </address>
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
          <TrackingLine trackingNumber={order.trackingNumber} />
          {!order.cancelledAt && (
            <div className="ml-auto">
              <UpdateShippingDialog order={order} />
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** By when the seller must mark it shipped (past it, the buyer may cancel for a full refund), or that they did. */
function SellerShipBy({ order }: { order: OrderView }) {
  if (order.cancelledAt) {
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium text-destructive" data-testid="ship-by">
        <Undo2 className="size-4 shrink-0" aria-hidden="true" />
        Cancelled by the buyer: not shipped by {formatDateTimeWithYear(order.shipBy)}. Do not ship it.
      </p>
    );
  }
  if (!order.shipBy || order.paymentStatus !== "paid" || order.shippingStatus !== "pending") return null;
  return (
    <p className="flex items-center gap-1.5 text-sm" data-testid="ship-by">
      <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        Ship by <strong>{formatDateTimeWithYear(order.shipBy)}</strong>: after that the buyer may cancel for a
        full refund.
      </span>
    </p>
  );
}
