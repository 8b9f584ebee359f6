import { Button } from "@web/components/ui/button.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { paths } from "@web/config/paths.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useUser } from "@web/lib/current-user.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { useLinkToken } from "@web/lib/link-token.ts";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { useResendVerification, useVerifyEmail } from "../api/accounts.ts";
import { CenteredCard } from "../components/centered-card.tsx";

/** /verify-email#token=: the link of a verification email, followed once on arrival. */
export function VerifyEmailPage() {
  useDocumentTitle("Verify your email");
  const token = useLinkToken();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const { data: user } = useUser();
  const sent = useRef(false);

  useEffect(() => {
    // A link is single use: React's double effects in development must not spend it twice.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  let body: ReactNode;
  if (verify.isSuccess)
    body = (
      <div className="grid gap-4" role="status">
        <p className="font-medium">Your email address {verify.data.email} is verified.</p>
        <Button asChild>
          <Link to={paths.home.getHref()}>Go to the live auctions</Link>
        </Button>
      </div>
    );
  else if (!token || verify.isError)
    body = (
      <div className="grid gap-4" role="alert">
        <p>
          {token
            ? getServerMessage(verify.error, "This verification link no longer works.")
            : "This page needs the link from your email."}
        </p>
        <p className="text-sm text-muted-foreground">A verification link works once, for 24 hours.</p>
        {user && !user.emailVerified ? (
          resend.isSuccess ? (
            <p role="status">We sent a new link to {resend.data.sentTo}.</p>
          ) : (
            <Button onClick={() => resend.mutate()} disabled={resend.isPending}>
              Send a new link
            </Button>
          )
        ) : !user ? (
          <Button asChild variant="outline">
            <Link to={paths.login.getHref()}>Sign in to get a new link</Link>
          </Button>
        ) : null}
      </div>
    );
  else body = <Spinner label="Verifying your email" />;

  return (
    <CenteredCard
      title="Verify your email"
      description="Proving your address lets us send you auction alerts."
    >
      {body}
    </CenteredCard>
  );
}
