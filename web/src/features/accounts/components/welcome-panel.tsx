import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { usePurchaseModal } from "@web/lib/purchase-modal.ts";
import { CircleCheck, Coins, type LucideIcon, MailCheck, Sprout, X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useResendVerification } from "../api/accounts.ts";

function Step({
  number,
  icon: Icon,
  title,
  children,
  action,
}: {
  number: number;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-background p-3 sm:p-4">
      <h3 className="flex items-center gap-2 font-semibold">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-hover">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <span>
          <span className="sr-only">Step {number}: </span>
          {title}
        </span>
      </h3>
      <div className="text-sm text-muted-foreground">{children}</div>
      <div className="mt-auto pt-1">{action}</div>
    </li>
  );
}

/**
 * Shown to a buyer right after sign-up, on every page until dismissed (web/src/lib/welcome.ts): verify the
 * address, buy bids, try a beginner auction. It stands in for the verify banner meanwhile, whose ask is step 1.
 */
export function WelcomePanel({ onDismiss }: { onDismiss: () => void }) {
  const { data: user } = useUser();
  const purchaseModal = usePurchaseModal();
  const resend = useResendVerification();
  if (!user) return null;
  return (
    <section
      aria-labelledby="welcome-title"
      className="border-b border-border bg-card"
      data-testid="welcome-panel"
    >
      <div className="container-page py-3 sm:py-5">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id="welcome-title" className="text-lg font-bold sm:text-xl">
              Welcome, {user.username}!
            </h2>
            <p className="text-sm text-muted-foreground">Three steps to your first bid.</p>
          </div>
          <Button variant="ghost" className="h-11 shrink-0" onClick={onDismiss}>
            <X aria-hidden="true" />
            Dismiss
          </Button>
        </div>
        <ol className="mt-3 grid gap-3 sm:grid-cols-3">
          <Step
            number={1}
            icon={MailCheck}
            title="Verify your email address"
            action={
              user.emailVerified ? (
                <p className="flex items-center gap-1.5 text-sm font-medium text-success">
                  <CircleCheck className="size-4" aria-hidden="true" />
                  Verified
                </p>
              ) : resend.isSuccess ? (
                <p role="status" className="text-sm font-medium">
                  We sent a new link to {resend.data.sentTo}.
                </p>
              ) : (
                <Button
                  variant="outline"
                  className="h-11"
                  onClick={() => resend.mutate()}
                  disabled={resend.isPending}
                >
                  Resend email
                </Button>
              )
            }
          >
            {user.emailVerified ? (
              <>Your address {user.email} is verified: outbid and won alerts reach you.</>
            ) : (
              <>
                We sent a link to <strong className="text-foreground">{user.email}</strong>. Follow it to get
                outbid and won alerts.
              </>
            )}
          </Step>
          <Step
            number={2}
            icon={Coins}
            title="Buy bids"
            action={
              <Button className="h-11" onClick={purchaseModal.open}>
                Buy Bids
              </Button>
            }
          >
            Each bid costs one bid credit and raises the price by $0.01. Pick a package to start.
          </Step>
          <Step
            number={3}
            icon={Sprout}
            title="Try a beginner auction"
            action={
              <Button asChild variant="outline" className="h-11">
                <Link to={paths.home.getBeginnerHref()}>See beginner auctions</Link>
              </Button>
            }
          >
            Auctions marked Beginner are only for bidders who have not won yet, so you bid against other
            newcomers.
          </Step>
        </ol>
      </div>
    </section>
  );
}
