import { ComingSoon } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { Award, Coins, Gavel, ShieldCheck, Timer, TrendingDown, Trophy } from "lucide-react";
import { Link } from "react-router";

const HERO_FACTS = [
  { icon: Coins, value: "$0.01", label: "added to the price by each bid" },
  { icon: Timer, value: "10-second reset", label: "a bid in the final 10 seconds resets the clock" },
  { icon: Trophy, value: "Last bidder wins", label: "when the countdown reaches zero" },
] as const;

const BENEFITS = [
  {
    icon: ShieldCheck,
    title: "100% Authentic",
    text: "Every item is verified before it goes live, so you bid on the real thing.",
  },
  {
    icon: Award,
    title: "Certified Sellers",
    text: "Sellers are approved by our team, and so is every product they list.",
  },
  {
    icon: TrendingDown,
    title: "Incredible Value",
    text: "Each bid moves the price by just $0.01. Items often sell 60-90% below retail.",
  },
] as const;

export function HomePage() {
  return (
    <>
      <section className="relative overflow-hidden bg-header text-header-foreground">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,158,11,0.25),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(148,163,184,0.18),transparent_50%)]"
        />
        <div className="container-page relative grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.4fr_1fr] lg:py-24">
          <div className="grid gap-6">
            <span className="inline-flex w-fit items-center gap-2 rounded-full border border-gold/40 bg-gold/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-gold-light">
              <Gavel className="size-3.5" aria-hidden="true" />
              Live penny auctions
            </span>
            <h1 className="max-w-3xl text-4xl font-bold leading-tight tracking-tight text-white sm:text-5xl lg:text-6xl">
              Win authentic <span className="text-gold">gold</span> and{" "}
              <span className="text-silver-light">silver</span> for a fraction of retail
            </h1>
            <p className="max-w-2xl text-base text-header-muted sm:text-lg">
              Every bid raises the price by just $0.01. When the clock runs out, the last bidder wins and pays
              the final price.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <a href="#live-auctions">Start Bidding</a>
              </Button>
              <Button asChild size="lg" variant="dark">
                <Link to={paths.howItWorks.getHref()}>How It Works</Link>
              </Button>
            </div>
          </div>
          <dl className="hidden gap-3 lg:grid">
            {HERO_FACTS.map(({ icon: Icon, value, label }) => (
              <div
                key={label}
                className="flex items-center gap-4 rounded-xl border border-white/10 bg-white/5 p-4 backdrop-blur"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-gold/15 text-gold">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="grid">
                  <dt className="order-2 text-sm text-header-muted">{label}</dt>
                  <dd className="order-1 text-xl font-bold text-white">{value}</dd>
                </div>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section id="live-auctions" className="container-page scroll-mt-20 py-10 sm:py-14">
        <div className="mb-6 flex items-center gap-3">
          <span className="relative flex size-3" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75" />
            <span className="relative inline-flex size-3 rounded-full bg-red-500" />
          </span>
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Live Auctions</h2>
        </div>
        <ComingSoon />
      </section>

      <section className="border-t border-border bg-card">
        <div className="container-page grid gap-6 py-12 sm:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex flex-col items-center gap-3 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-hover">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="max-w-xs text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
