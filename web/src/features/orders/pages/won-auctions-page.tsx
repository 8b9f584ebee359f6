import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function WonAuctionsPage() {
  return (
    <PageContainer>
      <PageHeader title="Won Auctions" description="Complete checkout for the auctions you have won" />
      <ComingSoon />
    </PageContainer>
  );
}
