import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { browseLiveAuctions, type ListEmpty, PagedListPage } from "@web/components/paged-list-page.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { paths } from "@web/config/paths.ts";
import { DollarSign, type LucideIcon, Package, TrendingUp, Trophy } from "lucide-react";
import { formatCents } from "#shared/money";
import { summarizeWins } from "#shared/win-savings";
import { orderQueries } from "../api/queries.ts";
import { WonAuctionCard } from "../components/won-auction-card.tsx";

const NO_WINS: ListEmpty = {
  icon: Trophy,
  title: "No wins yet",
  description: "Place the last bid before the clock runs out and your win will appear here.",
  link: browseLiveAuctions,
};

/**
 * /my-wins (and /auctions/won, which redirects here): every auction the user won, in figures, and
 * each win with what to do next: "Pay $X now" while unpaid, the order's status once paid.
 */
export function MyWinsPage() {
  // The figures need every win; the cards read 20 at a time under the list's own key, so what
  // refreshes the list (an order placed, paid) refreshes both.
  const all = useQuery(orderQueries.wonAuctions());
  const wins = useInfiniteQuery(orderQueries.wonAuctionPages());
  // A win given up for its bids was never bought: the figures leave it out.
  const kept = all.data?.filter((w) => w.exchangedBids === null);
  const summary = kept ? summarizeWins(kept.map((w) => w.allInCost)) : null;

  return (
    <PagedListPage
      width="max-w-5xl"
      title="My Wins"
      description="Every auction you have won: pay for it, then follow its order"
      link={{ to: paths.orders.getHref(), icon: Package, label: "My Orders" }}
      intro={<WinFigures summary={summary} />}
      query={wins}
      loadMoreLabel="Load more wins"
      errorFallback="Failed to load your wins"
      empty={NO_WINS}
    >
      {(auction) => <WonAuctionCard key={auction.id} auction={auction} />}
    </PagedListPage>
  );
}

/** The wins in figures: how many, what they cost all-in, and on average. */
function WinFigures({ summary }: { summary: ReturnType<typeof summarizeWins> | null }) {
  return (
    // Three across on a phone too, small, so the wins themselves (and Pay) start in the first screen.
    <div className="mb-6 grid grid-cols-3 gap-2 sm:mb-8 sm:gap-4">
      <SummaryCard title="Total Wins" icon={Trophy} value={summary ? String(summary.totalWins) : undefined} />
      {/* The wins' All-in figures added up: a total of final prices alone would read as a second "spent". */}
      <SummaryCard
        title="Total Spent"
        hint="all-in, bids included"
        icon={DollarSign}
        value={summary ? formatCents(summary.totalSpentCents) : undefined}
      />
      <SummaryCard
        title="Average Price"
        hint="all-in per win"
        icon={TrendingUp}
        value={summary ? formatCents(summary.averagePriceCents) : undefined}
      />
    </div>
  );
}

function SummaryCard({
  title,
  hint,
  value,
  icon: Icon,
}: {
  title: string;
  hint?: string;
  value: string | undefined;
  icon: LucideIcon;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-4 p-3 sm:p-5">
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground sm:text-sm">{title}</p>
          {value === undefined ? (
            <Skeleton className="h-8 w-20" />
          ) : (
            <p
              className="text-lg font-bold sm:text-2xl"
              data-testid={`summary-${title.toLowerCase().replace(/\s+/g, "-")}`}
            >
              {value}
            </p>
          )}
          {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
        </div>
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground sm:flex">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </CardContent>
    </Card>
  );
}
