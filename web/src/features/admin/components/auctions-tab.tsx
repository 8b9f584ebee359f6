import { useQuery } from "@tanstack/react-query";
import { QueryList } from "@web/components/list-states.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { AuctionStatusBadge } from "@web/components/status-badges.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { formatDateTime } from "@web/lib/format-date.ts";
import { Gavel } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { adminQueries } from "../api/queries.ts";
import { emptyTab } from "./empty-tab.tsx";
import { ExpiredWins } from "./expired-wins.tsx";
import { LateOrders } from "./late-orders.tsx";
import { filterOptions, ListFilters, useListFilters } from "./list-filters.tsx";

const AUCTION_STATUSES = filterOptions<AuctionSummary["status"]>("All statuses", ["active", "won", "ended"]);

const NO_AUCTIONS = emptyTab(Gavel, "No Auctions Running", "Approved products start auctions.");

export function AuctionsTab() {
  const auctions = useQuery(adminQueries.auctions());
  const filters = useListFilters("auctions", "Filter auctions by status", AUCTION_STATUSES);
  return (
    <QueryList query={auctions} errorFallback="Could not load auctions" empty={NO_AUCTIONS}>
      {(loaded) => {
        const shown = filters.apply(
          loaded,
          (a) => a.status,
          (a) => [
            a.product.name,
            a.seller.businessName,
            a.lastBidder?.username ?? "",
            a.winner?.username ?? "",
          ],
        );
        return (
          <div className="grid gap-3">
            <LateOrders />
            <ExpiredWins />
            <ListFilters {...filters.props} shown={shown.length} total={loaded.length} />
            {shown.map((auction) => (
              <Card key={auction.id} data-testid="admin-auction">
                <CardContent className="flex flex-wrap items-center gap-4 p-4">
                  <ProductPhoto product={auction.product} frame className="size-16" />
                  <div className="grid min-w-48 flex-1 gap-1">
                    <Link
                      to={paths.auction.getHref(auction.id)}
                      className="truncate font-semibold hover:underline"
                    >
                      {auction.product.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">{auction.seller.businessName}</p>
                    <p className="text-sm text-muted-foreground" data-testid="admin-auction-end">
                      {auction.status === "active" ? "Ends" : "Ended"}{" "}
                      <time dateTime={auction.endsAt}>{formatDateTime(auction.endsAt)}</time>
                      {" · "}
                      {auction.winner ? (
                        <>
                          Winner:{" "}
                          <span className="font-medium text-foreground">{auction.winner.username}</span>
                        </>
                      ) : auction.status === "active" ? (
                        auction.lastBidder ? (
                          `Leading: ${auction.lastBidder.username}`
                        ) : (
                          "No bids yet"
                        )
                      ) : (
                        "No winner"
                      )}
                    </p>
                  </div>
                  <AuctionStatusBadge status={auction.status} />
                  <span className="w-20 text-sm text-muted-foreground">
                    {plural(auction.totalBids, "bid")}
                  </span>
                  <span className="w-24 text-right font-bold">{formatPrice(auction.currentPrice)}</span>
                </CardContent>
              </Card>
            ))}
          </div>
        );
      }}
    </QueryList>
  );
}
