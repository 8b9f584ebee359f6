import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { useBuyNowOffer } from "@web/lib/buy-now.ts";
import { useSelfExclusion } from "@web/lib/spending-limits.ts";
import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { buyNowOpen } from "#shared/buy-now";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { auctionQueries } from "../api/queries.ts";

/**
 * Buy It Now on the auction page, live and ended: the retail price less what the caller paid for the
 * bids they spent here (the server works it out: docs/architecture.md section 4), and the way to the
 * order checkout. Shown only where units are offered.
 */
export function BuyNowPanel({ auction }: { auction: AuctionDetail }) {
  const open = buyNowOpen(auction, Date.now());
  const offer = useBuyNowOffer(auction.id, open, auction.totalBids);
  // The note that buying ends the user's agent only concerns someone who has one running.
  const agent = useQuery({ ...auctionQueries.agent(auction.id), enabled: open });
  const agentActive = agent.data?.status === "active";
  const excluded = useSelfExclusion();
  if (!open || !offer.data || offer.data.retailPrice === null) return null;
  const { data } = offer;
  const retail = offer.data.retailPrice;
  const price = data.price ?? retail;

  return (
    <Card data-testid="buy-now-panel">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShoppingBag className="size-5 text-primary-hover" aria-hidden="true" />
          Buy It Now
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid gap-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Retail price</dt>
            <dd>{formatPrice(retail)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Your {plural(data.bidsPlaced, "bid")}, at what you paid</dt>
            <dd data-testid="buy-now-credit">−{formatPrice(data.credit)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-border pt-1 font-semibold">
            <dt>You pay</dt>
            <dd data-testid="buy-now-price">{formatPrice(price)}</dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">
          {plural(data.stockLeft, "unit")} left.
          {agentActive &&
            " Buying it now ends your part in this auction: your Bid Agent stops and returns its credits."}
        </p>
        {excluded ? (
          <>
            <Button className="w-full" disabled aria-describedby="buy-now-paused">
              Buy It Now for {formatPrice(price)}
            </Button>
            <p id="buy-now-paused" className="text-sm text-muted-foreground" data-testid="buy-now-reason">
              {excluded}
            </p>
          </>
        ) : data.eligible ? (
          <Button asChild className="w-full">
            <Link to={paths.orderCheckout.getBuyNowHref(auction.id)}>
              Buy It Now for {formatPrice(price)}
            </Link>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="buy-now-reason">
            {data.reason}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
