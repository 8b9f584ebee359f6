import { Button } from "@web/components/ui/button.tsx";
import { useUser } from "@web/lib/current-user.ts";
import { MailWarning } from "lucide-react";
import { useResendVerification } from "../api/accounts.ts";

/** Asks a signed-in user whose address is unproved to follow their link (notifications wait for it). */
export function VerifyEmailBanner() {
  const { data: user } = useUser();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;
  return (
    <section
      aria-label="Verify your email"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
      data-testid="verify-email-banner"
    >
      <div className="container-page flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Please verify your email address: follow the link we sent to <strong>{user.email}</strong>. Until
            then we send no outbid or won alerts.
          </span>
        </p>
        {resend.isSuccess ? (
          <p role="status">New link sent.</p>
        ) : (
          <Button size="sm" variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
            Resend email
          </Button>
        )}
      </div>
    </section>
  );
}
