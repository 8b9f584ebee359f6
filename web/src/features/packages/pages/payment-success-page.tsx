import { ComingSoon, PageContainer, PageHeader } from "@web/components/page-header.tsx";

/** Placeholder: replaced by the feature's real page. */
export function PaymentSuccessPage() {
  return (
    <PageContainer>
      <PageHeader title="Payment Successful!" />
      <ComingSoon />
    </PageContainer>
  );
}
