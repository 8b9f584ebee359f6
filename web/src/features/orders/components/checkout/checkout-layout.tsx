import { PageHeader } from "@web/components/page-header.tsx";
import type { ReactNode } from "react";
import { OrderSummary, type SummaryLine } from "./order-summary.tsx";

/** A checkout page: its header, then the order's summary beside the steps (`children`) that pay for it. */
export function CheckoutLayout({
  description,
  auction,
  lines,
  total,
  children,
}: {
  description: string;
  auction: {
    product: { imageUrl: string; name: string; description: string };
    seller: { businessName: string };
  };
  lines: SummaryLine[];
  total: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title="Checkout" description={description} />
      <div className="grid gap-6 md:grid-cols-5">
        <OrderSummary
          product={auction.product}
          sellerName={auction.seller.businessName}
          // Shipping is free and insured on every order (the Shipping Information page): the total is unchanged.
          lines={[...lines, { label: "Shipping", value: "Free, insured" }]}
          total={total}
        />
        {children}
      </div>
    </>
  );
}
