import { useQuery } from "@tanstack/react-query";
import { IconBadge } from "@web/components/icon-badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Input, inputClassName } from "@web/components/ui/input.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs.tsx";
import { paths } from "@web/config/paths.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { cn } from "@web/lib/utils.ts";
import {
  Award,
  Coins,
  Gavel,
  PackageOpen,
  Search,
  ShieldCheck,
  Timer,
  TrendingDown,
  Trophy,
} from "lucide-react";
import { useDeferredValue, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { HOME_SKELETON_CARDS } from "#shared/constants";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { auctionQueries } from "../api/queries.ts";
import { AuctionCard, AuctionCardSkeleton } from "../components/auction-card.tsx";
import { WinnerCelebration } from "../components/winner-celebration.tsx";
import { useAuctionLiveUpdates } from "../hooks/use-auction-live-updates.ts";
import { useCardsPlaceBid } from "../hooks/use-place-bid.ts";
import { useRecentlyEnded } from "../hooks/use-recently-ended.ts";
import { arrangeGrid, GRID_SORTS, type GridSort, parseGridSort } from "../lib/grid-order.ts";

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
    text: "Each bid moves the price by just $0.01, and every gold, silver and platinum item shows its melt value at the spot price, so you can check what it is worth.",
  },
] as const;

const FILTERS = [
  { value: "all", label: "All Items" },
  { value: "gold", label: "Gold" },
  { value: "silver", label: "Silver" },
  { value: "platinum", label: "Platinum" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

function LiveAuctionsGrid({
  filter,
  query,
  sort,
  beginner,
}: {
  filter: Filter;
  query: string;
  sort: GridSort;
  beginner: boolean;
}) {
  const matches = (auction: AuctionSummary) =>
    (filter === "all" || auction.product.metalType === filter) && (!beginner || auction.beginner);
  const { data, isError } = useQuery(auctionQueries.list());
  // A new list (the first answer, each poll) renders in the background in short slices: the query's
  // own re-render, which React runs in one go, only meets memoized children here.
  const auctions = useDeferredValue(data);
  const recentlyEnded = useRecentlyEnded(auctions);
  const { onPlaceBid, pendingAuctionId } = useCardsPlaceBid();

  if (!auctions) {
    if (!isError) return SKELETON_GRID;
    return (
      <p className="rounded-xl border border-border bg-card px-6 py-12 text-center text-muted-foreground">
        Live auctions could not be loaded. Retrying...
      </p>
    );
  }
  const live = arrangeGrid(
    auctions.filter((a) => a.status === "active" && matches(a)),
    query,
    sort,
  );
  // Auctions seen ending stay a while after the live ones, sold (with the winner) or unsold.
  const shown = [
    ...live,
    ...arrangeGrid(
      recentlyEnded.filter((a) => matches(a) && !live.some((l) => l.id === a.id)),
      query,
      sort,
    ),
  ];
  if (shown.length === 0 && query.trim()) {
    return (
      <div
        data-testid="no-matches"
        className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-16 text-center"
      >
        <Search className="size-10 text-primary" aria-hidden="true" />
        <h3 className="text-lg font-semibold">No auctions match "{query.trim()}"</h3>
        <p className="text-muted-foreground">Try another name, or clear the search.</p>
      </div>
    );
  }
  if (shown.length === 0) {
    return (
      <div
        data-testid="no-auctions"
        className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-16 text-center"
      >
        <PackageOpen className="size-10 text-primary" aria-hidden="true" />
        <h3 className="text-lg font-semibold">No Active Auctions</h3>
        <p className="text-muted-foreground">Check back soon...</p>
      </div>
    );
  }
  return (
    <div className={GRID}>
      <AuctionCards auctions={shown} onPlaceBid={onPlaceBid} pendingAuctionId={pendingAuctionId} />
    </div>
  );
}

/** Cards rendered with the grid's first paint: a row of the widest layout. */
const FIRST_PAINT_CARDS = 4;

/**
 * The first cards at once, the rest in a background render that React splits into short tasks, so the
 * grid's first render is not one long task on a phone's main thread.
 */
function AuctionCards({
  auctions,
  onPlaceBid,
  pendingAuctionId,
}: {
  auctions: AuctionSummary[];
  onPlaceBid?: (auctionId: string) => void;
  pendingAuctionId: string | null | undefined;
}) {
  const rendered = useDeferredValue(auctions.length, Math.min(auctions.length, FIRST_PAINT_CARDS));
  return auctions
    .slice(0, rendered)
    .map((auction) => (
      <AuctionCard
        key={auction.id}
        auction={auction}
        onPlaceBid={onPlaceBid}
        isBidding={pendingAuctionId === auction.id}
      />
    ));
}

const GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
/** One element for every render: re-rendering the grid while it loads costs nothing. */
const SKELETON_GRID = (
  <div className={GRID} role="status" aria-busy="true" aria-label="Loading auctions">
    {Array.from({ length: HOME_SKELETON_CARDS }, (_, i) => `skeleton-${i}`).map((key) => (
      <AuctionCardSkeleton key={key} />
    ))}
  </div>
);

const NO_IDS: string[] = [];

/**
 * Watches the listed auctions on the socket. A component of its own: the list's answers (the first,
 * then one a second) re-render this, not the whole page.
 */
function LiveAuctionWatch() {
  const { data: auctions } = useQuery(auctionQueries.list());
  // Ending soonest first: past the watch limit, the auctions about to close are the ones kept.
  useAuctionLiveUpdates(auctions?.map((a) => a.id) ?? NO_IDS);
  return null;
}

/**
 * Search by name and sort, kept in the URL (`?q=&sort=`) so a shared or reloaded link shows the same
 * grid. Each keystroke replaces the history entry rather than adding one.
 */
function useGridParams() {
  const [params, setParams] = useSearchParams();
  // React Router hands a functional update the params of the last render: a sort picked before the
  // search's own update has rendered would put the old search back. Each update starts from the last one.
  const latest = useRef(params);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const query = params.get("q") ?? "";
  const sort = parseGridSort(params.get("sort"));
  const update = (name: "q" | "sort" | "beginner", value: string, fallback: string) => {
    const next = new URLSearchParams(latest.current);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    latest.current = next;
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return {
    query,
    sort,
    setQuery: (value: string) => update("q", value, ""),
    setSort: (value: string) => update("sort", value, "ending"),
    /** `?beginner=1`: only the auctions for bidders who have not won yet (the welcome panel links it). */
    beginner: params.get("beginner") === "1",
    showAll: () => update("beginner", "", ""),
  };
}

function GridControls({
  query,
  sort,
  setQuery,
  setSort,
}: Pick<ReturnType<typeof useGridParams>, "query" | "sort" | "setQuery" | "setSort">) {
  return (
    <search className="grid grid-cols-[1fr_9rem] gap-3 sm:col-span-2 sm:grid-cols-[1fr_14rem] xl:col-span-1 xl:col-start-2 xl:row-start-1 xl:grid-cols-[minmax(12rem,20rem)_11rem] xl:justify-end">
      <div className="grid gap-1.5">
        <label
          htmlFor="auction-search"
          className="text-sm font-medium leading-none text-foreground max-sm:sr-only xl:sr-only"
        >
          Search auctions
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="auction-search"
            type="search"
            className="h-11 pl-9"
            placeholder="Search by name"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <label
          htmlFor="auction-sort"
          className="text-sm font-medium leading-none text-foreground max-sm:sr-only xl:sr-only"
        >
          Sort by
        </label>
        {/* The browser's own select: the first screen carries no popup library for four choices. */}
        <select
          id="auction-sort"
          className={cn(inputClassName, "h-11")}
          value={sort}
          onChange={(event) => setSort(event.target.value)}
        >
          {GRID_SORTS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}

export function HomePage() {
  useDocumentTitle(undefined);
  const [filter, setFilter] = useState<Filter>("all");
  const grid = useGridParams();
  return (
    <>
      <LiveAuctionWatch />
      <section className="relative overflow-hidden bg-header text-header-foreground">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,158,11,0.25),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(148,163,184,0.18),transparent_50%)]"
        />
        <div className="container-page relative grid items-center gap-2 py-3 sm:gap-10 sm:py-16 lg:grid-cols-[1.4fr_1fr] lg:gap-8 lg:pt-8 lg:pb-8">
          <div className="grid gap-2 sm:gap-5">
            <span className="hidden w-fit items-center gap-2 rounded-full border border-gold/40 bg-gold/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-gold-light sm:inline-flex">
              <Gavel className="size-3.5" aria-hidden="true" />
              Live penny auctions
            </span>
            <h1 className="max-w-3xl text-xl font-bold leading-tight tracking-tight text-white sm:text-5xl">
              Win authentic <span className="text-gold">gold</span> and{" "}
              <span className="text-silver-light">silver</span> for a fraction of retail
            </h1>
            <p className="hidden max-w-2xl text-header-muted sm:block sm:text-lg">
              Every bid raises the price by just $0.01. When the clock runs out, the last bidder wins and pays
              the final price.
            </p>
            {/* A phone's first screen keeps room for an auction: the headline and two links side by side (the
                grid is right below, so no Start Bidding); the rules line and facts are on wider screens. */}
            <div className="grid grid-cols-2 gap-2 sm:flex sm:gap-3">
              <Button asChild size="lg" className="max-sm:hidden">
                <a href="#live-auctions">Start Bidding</a>
              </Button>
              <Button asChild size="lg" variant="dark" className="max-sm:h-10">
                <Link to={paths.howItWorks.getHref()}>How It Works</Link>
              </Button>
              <Button asChild size="lg" variant="dark" className="max-sm:h-10">
                <Link to={paths.recentWinners.getHref()}>Recent winners</Link>
              </Button>
            </div>
          </div>
          <ul className="hidden gap-3 lg:grid">
            {HERO_FACTS.map(({ icon: Icon, value, label }) => (
              <li
                key={label}
                className="flex items-center gap-4 rounded-xl border border-white/10 bg-white/5 p-4 backdrop-blur"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-gold/15 text-gold">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <p className="grid">
                  <span className="text-xl font-bold text-white">{value}</span>
                  <span className="text-sm text-header-muted">{label}</span>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="live-auctions" className="container-page scroll-mt-20 pt-4 pb-10 sm:py-14 lg:pt-8">
        {/* The grid sits in the active tab's panel, so each trigger's aria-controls names a rendered panel. */}
        <Tabs value={filter} onValueChange={(value) => setFilter(value as Filter)}>
          {/* On wide screens search, sort and tabs share the heading's row, so the first cards stay high. */}
          <div className="mb-4 grid gap-3 sm:mb-6 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4 xl:grid-cols-[auto_1fr_auto]">
            <div className="flex items-center gap-3">
              <span className="relative flex size-3" aria-hidden="true">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75" />
                <span className="relative inline-flex size-3 rounded-full bg-red-500" />
              </span>
              <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Live Auctions</h2>
            </div>
            <TabsList aria-label="Filter by metal">
              {FILTERS.map(({ value, label }) => (
                <TabsTrigger key={value} value={value}>
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            <GridControls {...grid} />
            {grid.beginner && (
              <p
                className="flex flex-wrap items-center gap-x-3 text-sm sm:col-span-full"
                data-testid="beginner-only"
              >
                <span>
                  Showing <strong>beginner auctions</strong> only: for bidders who have not won yet.
                </span>
                <Button variant="link" className="h-11 px-0" onClick={grid.showAll}>
                  Show all auctions
                </Button>
              </p>
            )}
          </div>
          {FILTERS.map(({ value }) => (
            <TabsContent key={value} value={value} className="mt-0">
              <LiveAuctionsGrid filter={value} query={grid.query} sort={grid.sort} beginner={grid.beginner} />
            </TabsContent>
          ))}
        </Tabs>
      </section>

      <section className="border-t border-border bg-card">
        <div className="container-page grid gap-6 py-12 sm:grid-cols-3">
          {BENEFITS.map(({ icon, title, text }) => (
            <div key={title} className="flex flex-col items-center gap-3 text-center">
              <IconBadge icon={icon} className="size-12 bg-primary-soft text-primary-hover" />
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="max-w-xs text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </section>
      <WinnerCelebration />
    </>
  );
}
