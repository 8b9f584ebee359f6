import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function AuctionDetailPage() {
  return (
    <PageContainer>
      <PageHeader title="Auction Details" />
      <ComingSoon />
    </PageContainer>
  );
}
