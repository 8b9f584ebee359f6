import { ProductPhoto } from "@web/components/product-image.tsx";
import { PaymentBadge, ShippingBadge } from "@web/components/status-badges.tsx";
import { formatDate } from "@web/lib/format-date.ts";
import { winExpired } from "@web/lib/wins.ts";
import { formatPrice } from "#shared/money";
import { carrierTrackingUrl, shortOrderId } from "#shared/orders";
import type { OrderView } from "#shared/schemas/orders";
import { FINAL_PRICE_LABEL } from "#shared/win-figures";
import { allInText } from "#shared/win-savings";

/** The top of an order card, shared by /orders and /seller-orders: product, number, date, price, badges. */
export function OrderSummaryLine({ order }: { order: OrderView }) {
  const { product } = order.auction;
  return (
    <div className="flex gap-4">
      <ProductPhoto product={product} className="size-20 shrink-0 rounded-lg object-cover sm:size-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="font-semibold leading-tight">{product.name}</h2>
          <div className="text-right">
            <p className="text-xs text-muted-foreground">{FINAL_PRICE_LABEL}</p>
            <p className="text-lg font-bold" data-testid="order-price">
              {formatPrice(order.finalPrice)}
            </p>
            {order.bidsSpent > 0 && (
              <p className="text-xs text-muted-foreground" data-testid="order-all-in">
                {allInText(order.allInCost, order.bidsSpent, order.bidsValue)}
              </p>
            )}
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          Order #<span className="font-mono">{shortOrderId(order.id)}</span> · {formatDate(order.createdAt)}
          {order.buyNow && (
            <span data-testid="order-buy-now">
              {" "}
              · Buy It Now: retail {formatPrice(order.buyNow.retailPrice)} less{" "}
              {formatPrice(order.buyNow.credit)} for {order.buyNow.bidsCredited}{" "}
              {order.buyNow.bidsCredited === 1 ? "bid" : "bids"}
            </span>
          )}
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5">
            Payment <PaymentBadge status={order.paymentStatus} expired={winExpired(order, Date.now())} />
          </span>
          <span className="flex items-center gap-1.5">
            Shipping <ShippingBadge status={order.shippingStatus} />
          </span>
        </div>
      </div>
    </div>
  );
}

/** "Tracking: 1Z…" when the seller gave one, linked to the carrier when its format is known. */
export function TrackingLine({ trackingNumber }: { trackingNumber: string | null }) {
  if (!trackingNumber) return null;
  const url = carrierTrackingUrl(trackingNumber);
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">Tracking number: </span>
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noreferrer noopener"
          className="font-mono font-medium underline underline-offset-2"
          data-testid="tracking-number"
        >
          {trackingNumber}
        </a>
      ) : (
        <span className="font-mono font-medium" data-testid="tracking-number">
          {trackingNumber}
        </span>
      )}
    </p>
  );
}
