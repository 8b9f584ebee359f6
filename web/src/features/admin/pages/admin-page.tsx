import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function AdminPage() {
  return (
    <PageContainer>
      <PageHeader title="Admin Panel" description="Manage sellers, products, auctions and users" />
      <ComingSoon />
    </PageContainer>
  );
}
