import { useInfiniteQuery } from "@tanstack/react-query";
import { EmptyList, PagedQueryList } from "@web/components/list-states.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { Package, Trophy } from "lucide-react";
import { Link } from "react-router";
import { orderQueries } from "../api/queries.ts";
import { WonAuctionCard } from "../components/won-auction-card.tsx";

/** /auctions/won: every auction the user won, with checkout or order state. */
export function WonAuctionsPage() {
  // Read 20 at a time under the list's own key, so what refreshes the list refreshes these pages.
  const wins = useInfiniteQuery(orderQueries.wonAuctionPages());
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title="Won Auctions"
        description="Complete checkout for the auctions you have won"
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.myWins.getHref()}>
                <Trophy aria-hidden="true" />
                My Wins
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
      <PagedQueryList
        query={wins}
        loadMoreLabel="Load more wins"
        errorFallback="Failed to load your won auctions"
        empty={
          <EmptyList
            icon={Trophy}
            title="No won auctions yet"
            description="When you are the last bidder as the clock reaches zero, the auction shows up here for checkout."
            action={
              <Button asChild>
                <Link to={paths.home.getHref()}>Browse Live Auctions</Link>
              </Button>
            }
          />
        }
      >
        {(auction) => <WonAuctionCard key={auction.id} auction={auction} />}
      </PagedQueryList>
    </PageContainer>
  );
}
