import { IconBadge } from "@web/components/icon-badge.tsx";
import { PageContainer } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { useAppConfig } from "@web/lib/app-config.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import {
  ArrowRight,
  Award,
  BadgeCheck,
  Bot,
  ChevronDown,
  Clock,
  Coins,
  Gavel,
  type LucideIcon,
  ShieldCheck,
  ShoppingBag,
  Trophy,
  Truck,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation } from "react-router";
import { BUY_NOW_DAYS_AFTER_END, TIMER_EXTENSION_SECONDS } from "#shared/constants";
import { formatPrice } from "#shared/money";
import { DEFAULT_ENDING_SOON_MINUTES } from "#shared/schemas/notifications";

const STEPS = [
  {
    icon: Coins,
    title: "Buy bid credits",
    text: "Pick a bid package and pay by card. Credits arrive at once and never expire.",
  },
  {
    icon: Gavel,
    title: "Bid a cent at a time",
    text: `Each bid costs 1 credit and adds $0.01 to the price. A bid in the last ${TIMER_EXTENSION_SECONDS} seconds puts the clock back to ${TIMER_EXTENSION_SECONDS}.`,
  },
  {
    icon: Trophy,
    title: "Last bidder wins",
    text: "When the clock reaches zero, the last bidder wins the item at the final price.",
  },
  {
    icon: Truck,
    title: "Pay and receive it",
    text: "Pay the final price at checkout and the certified seller ships it, tracked. Lost? Buy It Now credits your bids.",
  },
] as const;

const TRUST_POINTS = [
  {
    icon: ShieldCheck,
    title: "Authentic items",
    text: "Every product is reviewed and approved by our team before its auction goes live.",
  },
  {
    icon: BadgeCheck,
    title: "Certified sellers",
    text: "Only sellers approved by our admins can list gold, silver and other precious metals.",
  },
  {
    icon: Award,
    title: "Secure payments",
    text: "Card payments are processed securely by our payment provider.",
  },
] as const;

/** A rule folded under its title: the page leads with the steps, the exact rules open on demand. */
function RulesDetails({
  icon: Icon,
  title,
  id,
  children,
}: {
  icon: LucideIcon;
  title: string;
  id?: string;
  children: ReactNode;
}) {
  // A link to one rule (the Fairness page's to the Bid Agent) opens it; the page renders after the
  // browser looked for the fragment, so the browser cannot.
  const { hash } = useLocation();
  const [linkedTo] = useState(() => id !== undefined && hash === `#${id}`);
  return (
    <details id={id} open={linkedTo} className="group rounded-xl border border-border bg-card">
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-5 py-3 [&::-webkit-details-marker]:hidden">
        <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <h3 className="flex-1 text-lg font-semibold">{title}</h3>
        <ChevronDown
          className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <ul className="grid gap-3 px-5 pb-5 text-muted-foreground">{children}</ul>
    </details>
  );
}

export function HowItWorksPage() {
  useDocumentTitle("How It Works");
  const extension = TIMER_EXTENSION_SECONDS;
  const config = useAppConfig().data;
  const winLimit = config?.winLimit;
  const bidValue = config?.bidValue ? formatPrice(config.bidValue) : "a published amount";
  return (
    <>
      <section className="bg-header text-header-foreground">
        <div className="container-page py-12 text-center sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">How It Works</h1>
          <p className="mx-auto mt-3 max-w-2xl text-header-muted sm:text-lg">
            Penny auctions in four steps: buy credits, bid a cent at a time, win when the clock runs out, and
            receive precious metals for a fraction of retail.
          </p>
        </div>
      </section>

      <PageContainer className="grid gap-12">
        <section aria-labelledby="steps-heading">
          <h2 id="steps-heading" className="sr-only">
            The four steps
          </h2>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="how-it-works-steps">
            {STEPS.map(({ icon, title, text }, index) => (
              <li key={title} className="relative">
                <Card className="h-full">
                  <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
                    <div className="relative">
                      <IconBadge
                        icon={icon}
                        className="size-16 bg-primary-soft text-primary-hover"
                        iconClassName="size-8"
                      />
                      <span
                        className="absolute -right-1 -top-1 flex size-7 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                        aria-hidden="true"
                      >
                        {index + 1}
                      </span>
                    </div>
                    <h3 className="text-lg font-semibold">
                      <span className="sr-only">Step {index + 1}: </span>
                      {title}
                    </h3>
                    <p className="text-sm text-muted-foreground">{text}</p>
                  </CardContent>
                </Card>
                {index < STEPS.length - 1 && (
                  <ArrowRight
                    className="absolute -right-4 top-1/2 z-10 hidden size-5 -translate-y-1/2 text-primary lg:block"
                    aria-hidden="true"
                  />
                )}
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="rules-heading" className="grid gap-3">
          <h2 id="rules-heading" className="text-2xl font-bold tracking-tight">
            The rules in detail
          </h2>
          <RulesDetails icon={Clock} title="The timer">
            <li>
              A bid placed with <strong className="text-foreground">more than {extension} seconds</strong>{" "}
              left does not change the end time.
            </li>
            <li>
              A bid placed with <strong className="text-foreground">{extension} seconds or less</strong> left
              resets the clock to {extension} seconds, so everyone gets a fair chance to answer.
            </li>
            <li>
              When the clock reaches zero, the <strong className="text-foreground">last bidder wins</strong>.
              No bid is accepted after the end time.
            </li>
            <li>
              Star an auction to watch it: we email you <strong className="text-foreground">once</strong>,
              within a minute of the first time it has {DEFAULT_ENDING_SOON_MINUTES} minutes or less left (you
              choose the minutes in Email notifications). The clock can go back up after that, and we don't
              email again for that auction. Switch on "Also alert me about auctions I've bid on" there to get
              the same email for every auction you bid on. Turn on push notifications on the same page to get
              these alerts, and outbid and won, on this device too, under the same rules.
            </li>
          </RulesDetails>
          <RulesDetails icon={Coins} title="Bid cost and pricing">
            <li>
              Each bid costs <strong className="text-foreground">1 bid credit</strong> and raises the price by{" "}
              <strong className="text-foreground">$0.01</strong>.
            </li>
            <li>The winner pays the final auction price through a secure order checkout.</li>
            <li>
              Bid credits <strong className="text-foreground">never expire</strong> and are non-refundable.
              Buy them in packages on the Bid Packages page.
            </li>
            <li data-testid="win-limit">
              Win limit: nobody may win more than{" "}
              <strong className="text-foreground">
                {winLimit
                  ? `${winLimit.wins} auctions in any ${winLimit.days} days`
                  : "a published number of auctions in a rolling window"}
              </strong>
              . Auctions marked <strong className="text-foreground">Beginner</strong> are only for bidders who
              have never won. An auction marked <strong className="text-foreground">Locks at $X.XX</strong>{" "}
              locks when a bid reaches that price: from then on only bidders who bid on it before it locked
              can bid, so nobody jumps in late on an auction others have spent bids on.{" "}
              <Link to={paths.fairness.getHref()} className="underline">
                How we prove fair play
              </Link>
              .
            </li>
          </RulesDetails>
          <RulesDetails icon={Bot} title="The Bid Agent, exactly" id="bid-agent">
            <li>
              On an auction page you book a number of bids (1 to 500) and, if you like, a maximum price. The
              booked bids leave your balance at once, so they cannot be spent twice.
            </li>
            <li>
              When an auction with agents has between{" "}
              <strong className="text-foreground">8 and 2 seconds</strong> left, the engine places{" "}
              <strong className="text-foreground">one ordinary bid</strong> for one agent: the same $0.01, the
              same timer rule, in the public bid log marked &ldquo;auto&rdquo;.
            </li>
            <li>
              Which agent: the one whose last bid is the oldest (or, before its first bid, whose booking is);
              agents tied on that are picked at random. Signing up first or spending more buys no priority.
            </li>
            <li>
              An agent never bids while its owner leads, never above its maximum price, never after the end,
              and never for an account that could not bid by hand. You may still bid by hand.
            </li>
            <li>
              It stops when its bids run out, the price passes its maximum, you cancel it, or the auction
              ends; every unused bid then goes back to your balance, exactly once.
            </li>
          </RulesDetails>
          <RulesDetails icon={ShoppingBag} title="Buy It Now, exactly" id="buy-it-now">
            <li>
              Items that show &ldquo;Buy It Now&rdquo; can be bought at their retail price by anyone who bid
              on the auction and did not win it, while it runs and for {BUY_NOW_DAYS_AFTER_END} days after it
              ends, once per bidder, while units last.
            </li>
            <li>
              Every bid you spent on that auction comes off the retail price at what you paid for it: the
              money you paid for bid packages divided by all the bid credits you received. Credits given to
              you for free (at sign-up or by our team) count at $0, and no bid counts for more than{" "}
              <strong className="text-foreground" data-testid="bid-value">
                {bidValue}
              </strong>
              . So bids on an item you then buy are not lost, and never earn more than they cost.
            </li>
            <li>
              The credit is never more than the whole price, and all your Buy It Now credits together never
              exceed what you paid for bids (less any refund). &ldquo;You&rsquo;ve spent N bids ($X)
              here&rdquo; on the auction page and the all-in cost of your wins and orders use the same value.
            </li>
            <li>
              While you are the highest bidder you cannot buy it now. Buying it ends your part in that
              auction: your Bid Agent stops and returns its unused bids, and you cannot bid there again.
            </li>
          </RulesDetails>
        </section>

        <section aria-labelledby="trust-heading">
          <h2 id="trust-heading" className="mb-4 text-2xl font-bold tracking-tight">
            Why bid with us
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            {TRUST_POINTS.map(({ icon: Icon, title, text }) => (
              <div key={title} className="flex gap-3 rounded-xl border border-border bg-card p-5">
                <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
                <div className="grid gap-1">
                  <h3 className="font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </div>
            ))}
          </div>
        </section>

        <section className="rounded-2xl bg-header px-6 py-10 text-center text-header-foreground">
          <h2 className="text-2xl font-bold text-white">Ready to start winning?</h2>
          <p className="mx-auto mt-2 max-w-xl text-header-muted">
            Browse the live auctions, or create an account and start bidding in minutes.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.home.getHref()}>Browse Auctions</Link>
            </Button>
            <Button asChild size="lg" variant="dark">
              <Link to={paths.register.getHref()}>Create Account</Link>
            </Button>
          </div>
        </section>
      </PageContainer>
    </>
  );
}
