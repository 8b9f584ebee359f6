import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function OrdersPage() {
  return (
    <PageContainer>
      <PageHeader title="My Orders" description="Track payment and shipping of your orders" />
      <ComingSoon />
    </PageContainer>
  );
}
