import { AuctionCard } from "@web/features/auctions/components/auction-card.tsx";
import { useAuctionLiveUpdates } from "@web/features/auctions/hooks/use-auction-live-updates.ts";
import { useCardsPlaceBid } from "@web/features/auctions/hooks/use-place-bid.ts";
import { useState } from "react";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { lazyPage } from "../lazy-page.tsx";

const WatchingPage = lazyPage(
  () => import("@web/features/watchlist/pages/watching-page.tsx"),
  "WatchingPage",
);

/**
 * The Watching page with the grid's live cards: the watchlist lists, the auctions feature bids and
 * listens. Loaded with the app (the cards and hooks are the home page's, already there), the list's own
 * code on first visit: importing the cards from a lazy chunk would make the first load export them.
 */
export function WatchingRoute() {
  const [shown, setShown] = useState<string[]>([]);
  useAuctionLiveUpdates(shown);
  const { onPlaceBid, pendingAuctionId } = useCardsPlaceBid();
  const renderAuction = (auction: AuctionSummary) => (
    <AuctionCard auction={auction} onPlaceBid={onPlaceBid} isBidding={pendingAuctionId === auction.id} />
  );
  return <WatchingPage renderAuction={renderAuction} onShown={setShown} />;
}
WatchingRoute.preload = WatchingPage.preload;
