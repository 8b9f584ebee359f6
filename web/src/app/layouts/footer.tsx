import { BRAND_NAME, Logo } from "@web/app/layouts/logo.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { useInstallOffer } from "@web/lib/install-prompt.ts";
import { useSyncExternalStore } from "react";
import { Link } from "react-router";

const QUICK_LINKS = [
  { to: paths.home.getHref(), label: "Live Auctions" },
  { to: paths.howItWorks.getHref(), label: "How It Works" },
  { to: paths.bidPackages.getHref(), label: "Bid Packages" },
  { to: paths.fairness.getHref(), label: "Fairness" },
] as const;

const SUPPORT_LINKS = [
  { to: paths.help.getHref(), label: "Help Center" },
  { to: paths.contact.getHref(), label: "Contact Us" },
  { to: paths.shipping.getHref(), label: "Shipping Information" },
] as const;
const LEGAL_LINKS = [
  { to: paths.terms.getHref(), label: "Terms of Service" },
  { to: paths.privacy.getHref(), label: "Privacy Policy" },
  { to: paths.auctionRules.getHref(), label: "Auction Rules" },
  // The local stack's outbox: linked only by the dev server.
  ...(import.meta.env.DEV ? [{ to: paths.devOutbox.getHref(), label: "Outbox (dev)" }] : []),
] as const;

function FooterHeading({ children }: { children: string }) {
  return <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-white">{children}</h2>;
}

function FooterLinks({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className="grid gap-1">
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="inline-flex min-h-8 items-center rounded-sm transition-colors hover:text-gold"
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const noChanges = () => () => {};

/**
 * This year, by the visitor's clock. The prerendered footer (web/src/prerender.tsx) has none, and a
 * hydrating page starts without it too, so a build from last year never mismatches the page.
 */
function useYear(): number | null {
  return useSyncExternalStore(
    noChanges,
    () => new Date().getFullYear(),
    () => null,
  );
}

/** Shown only while the browser offers to install the site as an app. */
function InstallAppButton() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <Button variant="dark" size="sm" className="justify-self-start" onClick={() => void offer.install()}>
      Install app
    </Button>
  );
}

export function Footer() {
  const year = useYear();
  return (
    <footer className="mt-auto border-t border-header-border bg-header text-sm text-header-muted">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="max-w-xs">
            Live penny auctions for authentic gold, silver and precious metals from certified sellers.
          </p>
          <InstallAppButton />
        </div>
        <div>
          <FooterHeading>Quick Links</FooterHeading>
          <FooterLinks links={QUICK_LINKS} />
        </div>
        <div>
          <FooterHeading>Support</FooterHeading>
          <FooterLinks links={SUPPORT_LINKS} />
        </div>
        <div>
          <FooterHeading>Legal</FooterHeading>
          <FooterLinks links={LEGAL_LINKS} />
        </div>
      </div>
      <div className="border-t border-header-border">
        <p className="container-page py-5 text-xs">
          &copy; {year === null ? "" : `${year} `}
          {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
