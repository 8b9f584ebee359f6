import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function OrderCheckoutPage() {
  return (
    <PageContainer>
      <PageHeader title="Order Checkout" description="Enter your shipping details and pay for your win" />
      <ComingSoon />
    </PageContainer>
  );
}
