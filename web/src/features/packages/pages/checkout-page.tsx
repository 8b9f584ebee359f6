import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function CheckoutPage() {
  return (
    <PageContainer>
      <PageHeader title="Checkout" description="Complete your bid package purchase" />
      <ComingSoon />
    </PageContainer>
  );
}
