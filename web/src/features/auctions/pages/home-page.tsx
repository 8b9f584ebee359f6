import { ComingSoon } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { Award, Gavel, ShieldCheck, TrendingDown } from "lucide-react";
import { Link } from "react-router";

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
        <div className="container-page relative grid gap-6 py-14 sm:py-20 lg:py-24">
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
