/**
 * Every status badge of the site, worded and coloured in one place: products' and sellers' approval,
 * auctions', and orders' payment and shipping.
 */
import { Badge } from "@web/components/ui/badge.tsx";
import { BadgeCheck, Clock, XCircle } from "lucide-react";
import type { AuctionStatus, PaymentStatus, ShippingStatus } from "#shared/constants";
import type { ProductView, SellerProfile } from "#shared/schemas/seller";

const APPROVAL_BADGES = {
  pending: { label: "Pending review", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  rejected: { label: "Rejected", variant: "destructive" },
} as const;

/** A product's review: Pending review, Approved, Rejected. */
export function ApprovalBadge({ status }: { status: ProductView["status"] }) {
  const { label, variant } = APPROVAL_BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}

const SELLER_STATUS = {
  pending: { label: "Pending approval", variant: "warning", icon: Clock },
  approved: { label: "Approved", variant: "success", icon: BadgeCheck },
  rejected: { label: "Rejected", variant: "destructive", icon: XCircle },
} as const;

/** A seller's application: Pending approval, Approved, Rejected. */
export function SellerStatusBadge({ status }: { status: SellerProfile["status"] }) {
  const { label, variant, icon: Icon } = SELLER_STATUS[status];
  return (
    <Badge variant={variant} data-testid="seller-status">
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}

const STATUS_BADGES: Record<AuctionStatus, { label: string; variant: "success" | "muted" | "default" }> = {
  active: { label: "Active", variant: "success" },
  ended: { label: "Ended", variant: "muted" },
  won: { label: "Won", variant: "default" },
};

/** An auction: Active, Ended (without bids), Won. */
export function AuctionStatusBadge({ status }: { status: AuctionStatus }) {
  const { label, variant } = STATUS_BADGES[status];
  return <Badge variant={variant}>{label}</Badge>;
}

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

const EXPIRED = { label: "Expired", variant: "destructive" } as const;

/** Payment: Paid or Pending (Refunded when it was paid back; Expired when unpaid past its deadline). */
export function PaymentBadge({ status, expired = false }: { status: PaymentStatus; expired?: boolean }) {
  const { label, variant } = status === "pending" && expired ? EXPIRED : PAYMENT[status];
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
