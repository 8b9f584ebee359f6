import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function BidPackagesPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Bid Packages"
        description="Buy bid credits in bulk and save. Bid credits never expire."
      />
      <ComingSoon />
    </PageContainer>
  );
}
