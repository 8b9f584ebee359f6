import { useQuery } from "@tanstack/react-query";
import { EmptyList, QueryList } from "@web/components/list-states.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { ProductImage } from "@web/components/product-image.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { paths } from "@web/config/paths.ts";
import { formatDate } from "@web/lib/format-date.ts";
import { ArrowRight, DollarSign, type LucideIcon, Package, TrendingUp, Trophy } from "lucide-react";
import { Link } from "react-router";
import { decimalToCents, formatCents, formatPrice } from "#shared/money";
import { summarizeWins } from "#shared/orders";
import type { WonAuction } from "#shared/schemas/orders";
import { orderQueries } from "../api/queries.ts";
import { AllInSavings } from "../components/all-in-savings.tsx";

/** /my-wins: what the user has won, in figures and cards. */
export function MyWinsPage() {
  const wins = useQuery(orderQueries.wonAuctions());
  const summary = wins.data ? summarizeWins(wins.data.map((w) => decimalToCents(w.finalPrice) ?? 0)) : null;

  return (
    <PageContainer className="max-w-6xl">
      <PageHeader
        title="My Wins"
        description="Every auction you have won"
        actions={
          <>
            <Button asChild size="sm">
              <Link to={paths.wonAuctions.getHref()}>
                View All Wins
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.orders.getHref()}>
                <Package aria-hidden="true" />
                My Orders
              </Link>
            </Button>
          </>
        }
      />

      <div className="mb-8 grid gap-4 sm:grid-cols-3">
        <SummaryCard
          title="Total Wins"
          icon={Trophy}
          value={summary ? String(summary.totalWins) : undefined}
        />
        <SummaryCard
          title="Total Spent"
          icon={DollarSign}
          value={summary ? formatCents(summary.totalSpentCents) : undefined}
        />
        <SummaryCard
          title="Average Price"
          icon={TrendingUp}
          value={summary ? formatCents(summary.averagePriceCents) : undefined}
        />
      </div>

      <QueryList
        query={wins}
        errorFallback="Failed to load your wins"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        empty={
          <EmptyList
            icon={Trophy}
            title="No wins yet"
            description="Place the last bid before the clock runs out and your win will appear here."
            action={
              <Button asChild>
                <Link to={paths.home.getHref()}>Browse Live Auctions</Link>
              </Button>
            }
          />
        }
      >
        {(win) => <WinCard key={win.id} win={win} />}
      </QueryList>
    </PageContainer>
  );
}

function SummaryCard({
  title,
  value,
  icon: Icon,
}: {
  title: string;
  value: string | undefined;
  icon: LucideIcon;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-4 p-5">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          {value === undefined ? (
            <Skeleton className="h-8 w-20" />
          ) : (
            <p
              className="text-2xl font-bold"
              data-testid={`summary-${title.toLowerCase().replace(/\s+/g, "-")}`}
            >
              {value}
            </p>
          )}
        </div>
        <span className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </CardContent>
    </Card>
  );
}

function WinCard({ win }: { win: WonAuction }) {
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="win-card">
      <div className="relative">
        <ProductImage
          src={win.product.imageUrl}
          alt={win.product.name}
          className="h-40 w-full object-cover"
        />
        <Badge variant="success" className="absolute left-3 top-3">
          <Trophy aria-hidden="true" />
          Won
        </Badge>
      </div>
      <CardContent className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="font-semibold leading-tight">{win.product.name}</h2>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-muted-foreground">Final price</dt>
          <dd className="text-right font-bold">{formatPrice(win.finalPrice)}</dd>
          <dt className="text-muted-foreground">Won on</dt>
          <dd className="text-right">{formatDate(win.wonAt)}</dd>
          <dt className="text-muted-foreground">Total bids</dt>
          <dd className="text-right">{win.totalBids.toLocaleString("en-US")}</dd>
          <dt className="text-muted-foreground">All-in (your {win.me.bidsPlaced} bids)</dt>
          <dd className="text-right font-medium" data-testid="all-in-cost">
            {formatPrice(win.allInCost)}
          </dd>
        </dl>
        <AllInSavings allInCost={win.allInCost} retailPrice={win.retailPrice} />
        <Button asChild variant="outline" size="sm" className="mt-auto">
          <Link to={paths.auction.getHref(win.id)}>View Auction</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
