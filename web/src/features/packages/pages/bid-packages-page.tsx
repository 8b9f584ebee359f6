import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { SpendingLimitsLink } from "@web/components/spending-limits-link.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardFooter } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { useLimits, useSelfExclusion } from "@web/lib/spending-limits.ts";
import { cn } from "@web/lib/utils.ts";
import { AlertCircle, ChevronDown } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { TIMER_EXTENSION_SECONDS } from "#shared/constants";
import { arrangePackagesForDisplay } from "#shared/packages";
import type { BidPackage } from "#shared/schemas/payments";
import { useBidPackages } from "../api/get-bid-packages.ts";
import { PackageSummary } from "../components/package-summary.tsx";
import { TrustBadges } from "../components/trust-badges.tsx";
import { storeSelectedPackage } from "../lib/selected-package.ts";
import { limitRefusal } from "../lib/spending-limits.ts";

export function BidPackagesPage() {
  const packages = useBidPackages();
  return (
    <PageContainer>
      <PageHeader
        title="Bid Packages"
        description="Buy bid credits in bulk and save. Bid credits never expire."
      />
      {packages.isPending ? (
        <div
          className="grid gap-6 md:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Loading packages"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : packages.isError ? (
        <p
          role="alert"
          className="flex items-center justify-center gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-8 text-destructive"
        >
          <AlertCircle className="size-5" aria-hidden="true" />
          Error loading packages. Please refresh the page.
        </p>
      ) : packages.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input bg-card p-12 text-center text-muted-foreground">
          No packages available at this time.
        </p>
      ) : (
        <PackageGrid packages={packages.data} />
      )}
      <TrustBadges className="mt-8" />
      <Faq />
    </PageContainer>
  );
}

/** A purchase refused for this package, and why (in the viewer's words and time zone). */
export interface RefusedPurchase {
  packageId: string;
  message: string;
}

function PackageGrid({ packages }: { packages: BidPackage[] }) {
  const navigate = useNavigate();
  const excluded = useSelfExclusion();
  const { data: user } = useUser();
  const limits = useLimits(!!user);
  // A checkout the server refused (a limit reached meanwhile, in another tab) comes back here with it.
  const returned = (useLocation().state as { refused?: RefusedPurchase } | null)?.refused;
  const [refused, setRefused] = useState<RefusedPurchase | null>(returned ?? null);
  const refusalOf = (bidPackage: BidPackage) =>
    refused?.packageId === bidPackage.id
      ? (limitRefusal(limits.data, bidPackage.price) ?? refused.message)
      : null;
  const purchase = (bidPackage: BidPackage) => {
    // Said here, before the card form: the limit is known now, so there is nothing to try and refuse.
    const refusal = limitRefusal(limits.data, bidPackage.price);
    if (refusal) {
      setRefused({ packageId: bidPackage.id, message: refusal });
      return;
    }
    storeSelectedPackage(bidPackage);
    navigate(paths.checkout.getHref());
  };
  return (
    <>
      {excluded && (
        <p
          className="mb-6 rounded-xl border border-amber-300 bg-accent p-4 text-accent-foreground"
          id="packages-paused"
          data-testid="purchase-paused"
        >
          {excluded}: bid credits cannot be bought until then.
        </p>
      )}
      {/* Stretched rows: every card as tall as the tallest, so the Purchase Now buttons line up. */}
      <ul className="grid items-stretch gap-6 md:grid-cols-3" aria-label="Bid packages">
        {arrangePackagesForDisplay(packages).map((bidPackage) => (
          <li key={bidPackage.id} className="flex">
            <Card
              data-testid={`package-${bidPackage.id}`}
              className={cn(
                "flex w-full flex-col",
                bidPackage.popular && "border-2 border-primary shadow-lg md:scale-105",
              )}
            >
              <CardContent className="flex-1 pt-8 pb-6">
                <PackageSummary bidPackage={bidPackage} size="lg" />
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-3">
                {refusalOf(bidPackage) && (
                  <p role="alert" className="text-sm text-destructive" data-testid="limit-refusal">
                    {refusalOf(bidPackage)} <SpendingLimitsLink />
                  </p>
                )}
                <Button
                  size="lg"
                  variant={bidPackage.popular ? "default" : "outline"}
                  className="w-full"
                  onClick={() => purchase(bidPackage)}
                  disabled={excluded !== null}
                  aria-describedby={excluded ? "packages-paused" : undefined}
                  aria-label={`Purchase Now: ${bidPackage.name}`}
                >
                  Purchase Now
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

const FAQ: { question: string; answer: string }[] = [
  {
    question: "What is a bid credit?",
    answer:
      "Each bid you place costs 1 bid credit and raises the auction's price by $0.01. When the timer reaches zero, the last bidder wins and pays the final price.",
  },
  {
    question: "Does bidding extend the timer?",
    answer: `Yes. A bid placed with ${TIMER_EXTENSION_SECONDS} seconds or less left resets the timer to ${TIMER_EXTENSION_SECONDS} seconds, so everyone gets a fair chance to answer. Bids placed earlier leave the timer as it is.`,
  },
  {
    question: "Do bid credits expire?",
    answer: "No. Bid credits never expire; use them whenever you like.",
  },
  {
    question: "Can I get a refund for unused bids?",
    answer: "Bid credits are non-refundable once purchased.",
  },
  {
    question: "How quickly are credits added?",
    answer:
      "Instantly. As soon as your payment is confirmed, the credits appear in your balance at the top of the page.",
  },
  {
    question: "Is my payment secure?",
    answer:
      "Payments are processed by Stripe over an encrypted connection. Your card details go straight to Stripe; we never see or store them.",
  },
];

function Faq() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto mt-14 max-w-3xl">
      <h2 id="faq-heading" className="mb-4 text-center text-2xl font-bold tracking-tight">
        Frequently Asked Questions
      </h2>
      <div className="divide-y divide-border rounded-xl border border-border bg-card">
        {FAQ.map(({ question, answer }) => (
          <details key={question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
              {question}
              <ChevronDown
                className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="mt-2 text-sm text-muted-foreground">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
