import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function SellerOrdersPage() {
  return (
    <PageContainer>
      <PageHeader title="Orders to Fulfill" description="Ship the items your buyers have won" />
      <ComingSoon />
    </PageContainer>
  );
}
