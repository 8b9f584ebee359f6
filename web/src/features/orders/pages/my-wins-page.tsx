import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function MyWinsPage() {
  return (
    <PageContainer>
      <PageHeader title="My Wins" description="Every auction you have won" />
      <ComingSoon />
    </PageContainer>
  );
}
