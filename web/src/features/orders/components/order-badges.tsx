import { Badge } from "@web/components/ui/badge.tsx";
import type { PaymentStatus, ShippingStatus } from "#shared/constants";

const PAYMENT: Record<
  PaymentStatus,
  { label: string; variant: "success" | "warning" | "muted" | "destructive" }
> = {
  paid: { label: "Paid", variant: "success" },
  pending: { label: "Pending", variant: "warning" },
  refunded: { label: "Refunded", variant: "muted" },
  disputed: { label: "Disputed", variant: "destructive" },
};

const SHIPPING: Record<ShippingStatus, { label: string; variant: "secondary" | "default" | "success" }> = {
  pending: { label: "Pending", variant: "secondary" },
  shipped: { label: "Shipped", variant: "default" },
  delivered: { label: "Delivered", variant: "success" },
};

/** Payment: Paid or Pending (Refunded when it was paid back). */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const { label, variant } = PAYMENT[status];
  return (
    <Badge variant={variant} data-testid="payment-status" aria-label={`Payment: ${label}`}>
      {label}
    </Badge>
  );
}

/** Shipping: Pending, Shipped or Delivered. */
export function ShippingBadge({ status }: { status: ShippingStatus }) {
  const { label, variant } = SHIPPING[status];
  return (
    <Badge variant={variant} data-testid="shipping-status" aria-label={`Shipping: ${label}`}>
      {label}
    </Badge>
  );
}

export const SHIPPING_STATUS_LABELS: Record<ShippingStatus, string> = {
  pending: SHIPPING.pending.label,
  shipped: SHIPPING.shipped.label,
  delivered: SHIPPING.delivered.label,
};
