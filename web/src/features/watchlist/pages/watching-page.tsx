import { useInfiniteQuery } from "@tanstack/react-query";
import { browseLiveAuctions, type ListEmpty, PagedListPage } from "@web/components/paged-list-page.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { AuctionStatusBadge } from "@web/components/status-badges.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { WatchStar } from "@web/components/watch-star.tsx";
import { paths } from "@web/config/paths.ts";
import { formatDateTime } from "@web/lib/format-date.ts";
import { Star } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { watchlistQueries } from "../api/queries.ts";

/** Live state changes with every bid; a few seconds old is close enough for a list one opens from. */
const REFRESH_MS = 5000;

const NOTHING_WATCHED: ListEmpty = {
  icon: Star,
  title: "You're not watching any auction",
  description: "Tap the star on an auction to follow it here.",
  link: browseLiveAuctions,
};

/** /watching: the auctions the user starred, newest starred first, each as it stands now. */
export function WatchingPage() {
  const watched = useInfiniteQuery({
    ...watchlistQueries.pages(),
    refetchInterval: REFRESH_MS,
  });
  return (
    <PagedListPage
      width="max-w-4xl"
      title="Watching"
      description="The auctions you starred. We email you once when one is about to end (see Email notifications)."
      query={watched}
      errorFallback="Failed to load your watchlist"
      empty={NOTHING_WATCHED}
    >
      {(auction) => <WatchedAuction key={auction.id} auction={auction} />}
    </PagedListPage>
  );
}

function WatchedAuction({ auction }: { auction: AuctionSummary }) {
  const href = paths.auction.getHref(auction.id);
  const active = auction.status === "active";
  return (
    <Card data-testid="watched-auction" data-auction-id={auction.id} className="flex items-center gap-3 p-3">
      <Link to={href} className="block size-20 shrink-0 overflow-hidden rounded-md bg-muted">
        <ProductPhoto product={auction.product} className="size-full object-cover" />
      </Link>
      <div className="grid min-w-0 flex-1 gap-1">
        <Link to={href} className="truncate font-semibold hover:text-primary-hover">
          {auction.product.name}
        </Link>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <AuctionStatusBadge status={auction.status} />
          <span className="font-semibold text-foreground" data-testid="current-price">
            {formatPrice(auction.currentPrice)}
          </span>
          <span>{plural(auction.totalBids, "bid")}</span>
          <span>
            {active ? "Ends" : "Ended"} {formatDateTime(auction.endsAt)}
          </span>
        </p>
      </div>
      <WatchStar auctionId={auction.id} productName={auction.product.name} />
    </Card>
  );
}
