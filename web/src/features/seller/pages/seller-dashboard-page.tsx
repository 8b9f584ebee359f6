import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function SellerDashboardPage() {
  return (
    <PageContainer>
      <PageHeader title="Seller Dashboard" description="Manage your products and track auction performance" />
      <ComingSoon />
    </PageContainer>
  );
}
