import { useQuery } from "@tanstack/react-query";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { formatDateTime } from "@web/lib/format-date.ts";
import { formatPrice } from "#shared/money";
import type { OrderView } from "#shared/schemas/orders";
import { adminQueries } from "../api/queries.ts";
import { ATTENTION_ROW, AttentionCard } from "./attention-card.tsx";

/**
 * The ship-by guarantee for the admin: paid orders their seller did not mark shipped in time, and the
 * ones their buyer cancelled for it (refunded in full). Shown above the auctions only while there are any.
 */
export function LateOrders() {
  const late = useQuery(adminQueries.lateOrders());
  if (!late.data || late.data.length === 0) return null;
  return (
    <AttentionCard
      testId="late-orders"
      title="Late orders"
      count={late.data.length}
      description="Paid, and not marked shipped by the ship-by date. The buyer may cancel for a full refund."
    >
      {late.data.map((order) => (
        <LateOrderRow key={order.id} order={order} />
      ))}
    </AttentionCard>
  );
}

function LateOrderRow({ order }: { order: OrderView }) {
  return (
    <div className={ATTENTION_ROW} data-testid="late-order" data-order-id={order.id}>
      <ProductPhoto product={order.auction.product} frame className="size-12" />
      <div className="grid min-w-48 flex-1 gap-0.5">
        <p className="truncate font-semibold">{order.auction.product.name}</p>
        <p className="text-sm text-muted-foreground">
          {order.seller.businessName} · sold to {order.buyer.username} for {formatPrice(order.finalPrice)} ·
          ship by <time dateTime={order.shipBy ?? undefined}>{formatDateTime(order.shipBy)}</time>
        </p>
      </div>
      <p className={order.cancelledAt ? "text-sm font-medium" : "text-sm font-medium text-destructive"}>
        {order.cancelledAt
          ? `Cancelled by the buyer${order.paymentStatus === "refunded" ? " and refunded" : "; refund pending"}`
          : "Not shipped"}
      </p>
    </div>
  );
}
