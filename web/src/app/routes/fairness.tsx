import { paths } from "@web/config/paths.ts";
import { useAppConfig } from "@web/lib/app-config.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { Link2, ShieldCheck, Sprout, Timer, UserX } from "lucide-react";
import { Link } from "react-router";
import { TIMER_EXTENSION_SECONDS } from "#shared/constants";
import { TopicCard } from "./topic-card.tsx";

/**
 * What makes this marketplace fair, and how anyone can check it: every rule the code enforces, and the
 * public hash-chained ledger of every auction (GET /api/auctions/{id}/ledger, `npm run verify:ledger`).
 */
export function FairnessPage() {
  useDocumentTitle("Fair play");
  const { data: config } = useAppConfig();
  const limit = config?.winLimit;
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Fair play, provably</h1>
        <p className="text-muted-foreground">
          No house bidders, no staff bidders, no hidden rules. Here is every rule we enforce, and how you can
          check each auction yourself.
        </p>
      </header>
      <TopicCard icon={UserX} title="No house, staff or bot accounts">
        <p className="text-muted-foreground">
          Staff accounts cannot bid at all: the server refuses them. Sellers cannot bid on their own items.
          Every bidder is a registered customer who bought their credits.
        </p>
      </TopicCard>
      <TopicCard icon={Link2} title="Every bid in a public ledger">
        <p className="text-muted-foreground">
          Each bid is chained to the one before it with SHA-256, inside the same write that places the bid:
          <code className="mx-1 rounded bg-muted px-1">
            hashN = sha256(hashN-1 | N | username | amountCents | atMs | auto)
          </code>
          , starting from
          <code className="mx-1 rounded bg-muted px-1">
            sha256(auctionId | startingPriceCents | startedAtMs)
          </code>
          . Every live update carries the newest hash, so anyone watching can record it and later check that
          no bid was added, removed or changed.
        </p>
        <h3 className="font-semibold">Check an auction yourself</h3>
        <p className="text-muted-foreground" data-testid="ledger-how-to">
          Open the auction and follow "Verify this auction's bid ledger". Your browser downloads every bid and
          recomputes each hash itself, from the auction's start to its last bid, with its own built-in
          SHA-256. It lists the bids (who, how much, when, by hand or by Bid Agent) and says "Verified: all N
          bids chain to the start" when every bid is linked to the one before it; if anything was altered, it
          names the bid where the chain breaks. Note the last hash it shows: a later check that does not pass
          through it means the history was rewritten.
        </p>
        <p className="text-sm text-muted-foreground">
          For engineers: the ledger page links the JSON, and <code>npm run verify:ledger</code> recomputes it
          from a terminal.
        </p>
      </TopicCard>
      <TopicCard icon={Timer} title="The timer and the Bid Agent">
        <p className="text-muted-foreground">
          A bid with more than {TIMER_EXTENSION_SECONDS} seconds left leaves the end where it is; a bid with{" "}
          {TIMER_EXTENSION_SECONDS} seconds or less resets the clock to {TIMER_EXTENSION_SECONDS} seconds. Bid
          Agents bid only between 8 and 2 seconds before the end, one bid at a time, oldest agent first, and
          never for someone who leads.{" "}
          <Link to={`${paths.howItWorks.getHref()}#bid-agent`} className="underline">
            The exact rules
          </Link>
          .
        </p>
      </TopicCard>
      <TopicCard icon={Sprout} title="Beginner auctions and the win limit">
        <p className="text-muted-foreground">
          Auctions marked Beginner are only for bidders who have never won (
          <Link to={paths.home.getBeginnerHref()} className="underline">
            see the beginner auctions
          </Link>
          ).{" "}
          {limit
            ? `Nobody may win more than ${limit.wins} auctions in any ${limit.days} days; at the limit, bids are refused until the oldest of those wins is ${limit.days} days old.`
            : "A published win limit caps how many auctions anyone may win in a rolling window."}
        </p>
      </TopicCard>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="size-4" aria-hidden="true" /> Found something that does not add up? Every
        number above is checkable: the ledger, the timer and the limits are all in the data we publish.
      </p>
    </div>
  );
}
