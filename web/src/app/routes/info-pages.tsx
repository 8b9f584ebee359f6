import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { useAppConfig } from "@web/lib/app-config.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BUY_NOW_DAYS_AFTER_END, TIMER_EXTENSION_SECONDS } from "#shared/constants";
import { formatPrice } from "#shared/money";

/** The footer's pages (Help, Contact, Shipping, Terms, Privacy, Auction Rules): what the product does, in words. */
interface Section {
  title: string;
  body: ReactNode;
}

function usePublishedRules() {
  const config = useAppConfig().data;
  return {
    bidValue: config?.bidValue ? formatPrice(config.bidValue) : "the published bid value",
    winLimit: config?.winLimit
      ? `${config.winLimit.wins} auctions in ${config.winLimit.days} days`
      : "a published number",
    shipWithinDays: config?.shipWithinDays
      ? `${config.shipWithinDays} ${config.shipWithinDays === 1 ? "day" : "days"}`
      : "the published number of days",
  };
}

/** How a page that quotes the published bid value and win limit writes its sections. */
type SectionsQuotingRules = (rules: ReturnType<typeof usePublishedRules>) => Section[];

function SectionCards({ sections }: { sections: Section[] }) {
  return sections.map((section) => (
    <Card key={section.title}>
      <CardContent className="grid gap-2 pt-6">
        <h2 className="text-lg font-semibold">{section.title}</h2>
        <div className="grid gap-2 text-muted-foreground">{section.body}</div>
      </CardContent>
    </Card>
  ));
}

/** Only the pages that quote the rules fetch them. */
function SectionCardsQuotingRules({ sections }: { sections: SectionsQuotingRules }) {
  return <SectionCards sections={sections(usePublishedRules())} />;
}

/** A footer page: its title, the line under it and its sections, each in a card. */
function infoPage(title: string, description: string, sections: Section[] | SectionsQuotingRules) {
  return () => (
    <PageContainer className="max-w-3xl">
      <PageHeader title={title} description={description} />
      <div className="grid gap-4">
        {Array.isArray(sections) ? (
          <SectionCards sections={sections} />
        ) : (
          <SectionCardsQuotingRules sections={sections} />
        )}
      </div>
    </PageContainer>
  );
}

export const HelpPage = infoPage("Help Center", "Answers to what bidders ask most", ({ bidValue }) => [
  {
    title: "What does a bid cost?",
    body: (
      <p>
        One bid credit. Credits are bought in packages on{" "}
        <Link className="underline" to={paths.bidPackages.getHref()}>
          Bid Packages
        </Link>
        , never expire, and are spent only when a bid is accepted.
      </p>
    ),
  },
  {
    title: "Who wins?",
    body: (
      <p>
        The last bidder when the clock reaches zero. Each bid raises the price by $0.01; a bid with{" "}
        {TIMER_EXTENSION_SECONDS} seconds or less left puts the clock back to {TIMER_EXTENSION_SECONDS}{" "}
        seconds. The winner pays the final price and gets the item shipped.
      </p>
    ),
  },
  {
    title: "What is the Bid Agent?",
    body: (
      <p>
        You book bids and, if you like, a maximum price; the agent bids for you in the last seconds by the
        rule on{" "}
        <Link className="underline" to={paths.howItWorks.getHref()}>
          How It Works
        </Link>
        . Unused bids come back to your balance.
      </p>
    ),
  },
  {
    title: "I lost. Are my bids wasted?",
    body: (
      <p>
        Not on items marked Buy It Now: for {BUY_NOW_DAYS_AFTER_END} days after the end you can buy the item
        at its retail price, less what you paid for the bids you placed on that auction (free credits count at
        $0, no bid at more than {bidValue}).
      </p>
    ),
  },
  {
    title: "Can I be charged twice?",
    body: (
      <p>
        No. An order has one payment: paying it from another tab or on a later visit continues the same one.
        Starting a new bid purchase cancels one you started and did not finish, so only the last is charged. A
        bid purchase that would go over your spending limits, or arrives while you are self-excluded, is
        refunded and adds no credits.
      </p>
    ),
  },
  {
    title: "Can I limit my spending?",
    body: (
      <p>
        Yes: set daily, weekly or monthly limits, or exclude yourself for 1 to 365 days, on{" "}
        <Link className="underline" to={paths.spendingLimits.getHref()}>
          Spending limits
        </Link>{" "}
        in your account menu.
      </p>
    ),
  },
]);

export const ShippingPage = infoPage(
  "Shipping Information",
  "From the moment you pay to your door",
  ({ shipWithinDays }) => [
    {
      title: "What shipping costs",
      body: (
        <p>
          Nothing: shipping is free and insured on every order. You pay the final price of the auction (or the
          Buy It Now price) and no more; checkout shows the shipping line as Free before you pay.
        </p>
      ),
    },
    {
      title: "Insurance",
      body: (
        <p>
          Every package is insured for the full amount you paid, from the seller's hands to yours. If it is
          lost or arrives damaged, tell us from Contact Us with your order number: the insurance is the
          seller's claim to make, never yours.
        </p>
      ),
    },
    {
      title: "Signature on delivery",
      body: (
        <p>
          Every package needs a signature: the carrier never leaves precious metals at the door. If no one is
          home, the carrier leaves a notice and tries again or holds it for pickup.
        </p>
      ),
    },
    {
      title: "Packaging",
      body: (
        <p>
          Discreet: a plain, sealed box with tamper-evident tape and nothing outside that names the contents
          or the metal. Coins stay in their capsules or mint packaging and bars in their assay cards, so their
          condition is as described.
        </p>
      ),
    },
    {
      title: "Handling time and the ship-by guarantee",
      body: (
        <>
          <p>
            The seller must mark your order shipped within {shipWithinDays} of your payment; the date is shown
            on your order as "Ship by". The seller is reminded 2 days and 1 day before.
          </p>
          <p>
            If it has not shipped by then, you may cancel it from{" "}
            <Link className="underline" to={paths.orders.getHref()}>
              My Orders
            </Link>
            : the price is refunded to your card in full, and the bids you placed on that auction come back as
            free bids.
          </p>
        </>
      ),
    },
    {
      title: "Where we ship",
      body: (
        <p>
          To the United States and the countries listed at checkout (Canada, the United Kingdom, most of
          Western Europe, Australia, New Zealand, Japan and Singapore). You give the recipient and the address
          at checkout; your last address is offered again next time, and it is shown on your order.
        </p>
      ),
    },
    {
      title: "Who ships",
      body: (
        <p>
          The certified seller of the item ships it once the order is paid, marks it Shipped with a tracking
          number, and Delivered when it arrives. You see each step on My Orders.
        </p>
      ),
    },
  ],
);

export const TermsPage = infoPage(
  "Terms of Service",
  "The agreement between you and the marketplace",
  ({ winLimit }) => [
    {
      title: "Accounts",
      body: (
        <p>
          One account per person, 18 or older, with an email address of your own: we ask you to verify it, and
          send auction alerts only to a verified address. You are responsible for your password; a forgotten
          one is reset by an emailed link, and you can sign out any device from "Where you're signed in".
        </p>
      ),
    },
    {
      title: "Bid credits",
      body: (
        <p>
          Bid credits are a prepaid service to place bids; they have no cash value and are not refundable once
          spent. Unspent credits never expire.
        </p>
      ),
    },
    {
      title: "Winning",
      body: (
        <p>
          A win is a binding purchase at the final price. A bidder may win at most {winLimit}. Staff accounts
          cannot bid, and no account bids on behalf of the house.
        </p>
      ),
    },
    {
      title: "Sellers",
      body: (
        <p>
          Sellers describe their items truthfully, cannot bid on their own items, and ship what they sold.
        </p>
      ),
    },
    {
      title: "Deleting your account",
      body: (
        <>
          <p>
            You can delete your account yourself from "Account and data", with your password. While an order
            of yours is paid and not yet shipped, deletion waits until it has shipped (the seller needs your
            address to send it).
          </p>
          <p>
            Unspent bid credits are forfeited: they have no cash value and are not refunded. Active Bid Agents
            stop first and their unused credits return to the balance that is forfeited. A win you have not
            paid for is forfeited too: it expires at once, as at its payment deadline, so the item is not sold
            to you and nothing is charged. Deletion cannot be undone, and your username is never given to
            anyone else.
          </p>
        </>
      ),
    },
  ],
);

export const PrivacyPage = infoPage("Privacy Policy", "What we keep about you, and why", [
  {
    title: "What we store",
    body: (
      <p>
        Your username, email, a salted hash of your password (never the password), your bid balance, bids,
        orders and shipping addresses, and your spending limits. Card numbers go to Stripe and never reach us.
      </p>
    ),
  },
  {
    title: "What is public",
    body: (
      <p>
        Your username on the bids you place: every auction's bid ledger is public, so anyone can check that no
        bid was added, removed or changed. Never your email or address.
      </p>
    ),
  },
  {
    title: "Cookies",
    body: (
      <p>
        One session cookie, HttpOnly and Secure, to keep you signed in; it ends after 90 days at most. With
        two-factor authentication on, a second one lives for the five minutes between your password and your
        code.
      </p>
    ),
  },
  {
    title: "Sessions",
    body: (
      <p>
        For each device you sign in on we keep when it signed in and was last used, the kind of browser, and
        its network address with the last part removed (for example 203.0.113.x), so you can tell your devices
        apart on "Where you're signed in". A session's record goes when it ends. With two-factor
        authentication on we keep your authenticator key (never shown again after setup) and only a
        fingerprint of each recovery code; both go when you turn it off or delete your account. For each
        passkey you add we keep its public key, its id, a counter your device raises at each use, its name and
        when it was added and last used; the private key and your fingerprint or face never leave your device.
        A passkey's record goes when you remove it or delete your account.
      </p>
    ),
  },
  {
    title: "Your copy and deletion",
    body: (
      <>
        <p>
          "Account and data" downloads one file of everything we hold about you: account, bids, Bid Agents,
          orders, payments, limits, settings, watchlist, sessions, passkeys, push endpoints and whether
          two-factor authentication is on (never its key or recovery codes).
        </p>
        <p>
          Deleting your account there erases your email address, password, shipping addresses, settings,
          limits, watchlist and sessions, and signs you out everywhere. Orders and payments stay, without your
          personal data, as long as tax and consumer law require. Your username stays on the public bid
          ledgers: each bid's record is chained to the one before it, so removing or changing a name would
          break the proof that no bid was altered; for the same reason the name is never given to anyone else.
        </p>
      </>
    ),
  },
]);

export const AuctionRulesPage = infoPage(
  "Auction Rules",
  "The exact rules every auction runs by",
  ({ bidValue, winLimit }) => [
    {
      title: "Bids and the clock",
      body: (
        <>
          <p>
            Each accepted bid costs one credit and raises the price by $0.01. You cannot bid while you are the
            highest bidder.
          </p>
          <p>
            A bid with more than {TIMER_EXTENSION_SECONDS} seconds left leaves the end where it is; with{" "}
            {TIMER_EXTENSION_SECONDS} seconds or less it moves the end to {TIMER_EXTENSION_SECONDS} seconds
            after the bid. The server's clock decides.
          </p>
        </>
      ),
    },
    {
      title: "The end",
      body: (
        <p>
          When the clock reaches zero the last bidder wins at the final price; an auction without bids ends
          unsold.
        </p>
      ),
    },
    {
      title: "Who may bid",
      body: (
        <p>
          Any signed-in bidder with credits, except staff and the item's seller. Beginner auctions admit only
          bidders who have not won yet. A bidder may win at most {winLimit}; self-excluded bidders cannot bid.
          An auction with a lock price ("Locks at $X.XX") locks when a bid reaches it: from then on only
          bidders who placed a bid on it before it locked, by hand or by Bid Agent, can bid or book an agent,
          and the agents of anyone else stop and give their bids back. The lock price is published in the
          auction's ledger from its start.
        </p>
      ),
    },
    {
      title: "Bid Agents and Buy It Now",
      body: (
        <p>
          Agents bid between 8 and 2 seconds before the end, one bid at a time, the agent whose last bid is
          oldest first. Buy It Now: retail price less what you paid for the bids you placed (your average
          price per credit received, free credits at $0, at most {bidValue} a bid), while the auction runs and
          for {BUY_NOW_DAYS_AFTER_END} days after, once per bidder.
        </p>
      ),
    },
    {
      title: "Proof",
      body: (
        <p>
          Every bid is in the auction's public, hash-chained ledger; see{" "}
          <Link className="underline" to={paths.fairness.getHref()}>
            Fairness
          </Link>{" "}
          to check it.
        </p>
      ),
    },
  ],
);
