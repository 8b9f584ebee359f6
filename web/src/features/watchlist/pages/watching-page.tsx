import { useInfiniteQuery } from "@tanstack/react-query";
import { browseLiveAuctions, type ListEmpty, PagedListPage } from "@web/components/paged-list-page.tsx";
import { Star } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { watchlistQueries } from "../api/queries.ts";

/** The live messages keep the list current between reads; a poll now and then catches what they missed. */
const REFRESH_MS = 15_000;

const NOTHING_WATCHED: ListEmpty = {
  icon: Star,
  title: "You're not watching any auction",
  description: "Tap the star on an auction to follow it here.",
  link: browseLiveAuctions,
};

/**
 * /watching: the auctions the user starred, newest starred first, each shown live as the grid shows it
 * (price, countdown, standing, Place Bid). The app gives the card (`renderAuction`, the auctions
 * feature's) and hears which live auctions the page shows (`onShown`, to subscribe to them).
 */
export function WatchingPage({
  renderAuction,
  onShown,
}: {
  renderAuction: (auction: AuctionSummary) => ReactNode;
  onShown: (auctionIds: string[]) => void;
}) {
  const watched = useInfiniteQuery({
    ...watchlistQueries.pages(),
    refetchInterval: REFRESH_MS,
  });
  const liveKey = (watched.data?.pages ?? [])
    .flatMap((page) => page.items)
    .filter((auction) => auction.status === "active")
    .map((auction) => auction.id)
    .join();
  useEffect(() => onShown(liveKey ? liveKey.split(",") : []), [liveKey, onShown]);
  return (
    <PagedListPage
      width="max-w-6xl"
      title="Watching"
      description="The auctions you starred. We email you once when one is about to end (see Email notifications)."
      query={watched}
      errorFallback="Failed to load your watchlist"
      empty={NOTHING_WATCHED}
      listClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
    >
      {(auction) => (
        <div key={auction.id} data-testid="watched-auction" data-auction-id={auction.id} className="grid">
          {renderAuction(auction)}
        </div>
      )}
    </PagedListPage>
  );
}
