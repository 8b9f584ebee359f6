import { useQuery } from "@tanstack/react-query";
import { LazyWatchStar } from "@web/components/lazy-watch-star.tsx";
import { PageContainer } from "@web/components/page-header.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { MetalBadge } from "@web/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { getErrorStatus } from "@web/lib/api-client.ts";
import { useUser } from "@web/lib/current-user.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { DESKTOP_QUERY, useMediaQuery } from "@web/lib/use-media-query.ts";
import { cn } from "@web/lib/utils.ts";
import { BadgeCheck, Store } from "lucide-react";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { lockedOut } from "#shared/bid-refusals";
import { formatPrice } from "#shared/money";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { auctionQueries } from "../api/queries.ts";
import { BidAgentPanel } from "../components/bid-agent-panel.tsx";
import { BuyNowPanel } from "../components/buy-now-panel.tsx";
import { PhoneBidBar } from "../components/detail/bid-action.tsx";
import {
  AUCTION_TITLE_CLASS,
  BackLink,
  DetailSkeleton,
  NotFound,
} from "../components/detail/detail-states.tsx";
import { PricePanel } from "../components/detail/price-panel.tsx";
import { Detail } from "../components/detail/product-facts.tsx";
import { RecentBids } from "../components/recent-bids.tsx";
import { WinnerCelebration } from "../components/winner-celebration.tsx";
import { useAuctionLiveUpdates } from "../hooks/use-auction-live-updates.ts";
import { useCelebrateOwnWin } from "../hooks/use-celebrate-own-win.ts";
import { won } from "../lib/leader.ts";
import { useHasEnded } from "../lib/server-clock.ts";

/** The auction detail of docs/product.md section 2, at both /auction/:id and /auctions/:id. */
export function AuctionDetailPage() {
  const { id = "" } = useParams();
  const { data: auction, error, isPending } = useQuery(auctionQueries.detail(id));
  const { data: user } = useUser();
  // One bid action on the page: in the price panel on desktops, in the bottom bar on phones.
  const desktop = useMediaQuery(DESKTOP_QUERY);
  useAuctionLiveUpdates(id ? [id] : []);
  useCelebrateOwnWin(auction, user?.username);
  // The tab names the product; until it is known (or when there is none), what the page is.
  useDocumentTitle(auction?.product.name ?? (isPending ? "Auction" : "Auction Not Found"));

  if (isPending) return <DetailSkeleton />;
  if (!auction)
    return getErrorStatus(error) === 404 || getErrorStatus(error) === 400 ? <NotFound /> : <DetailSkeleton />;

  const { product, seller } = auction;
  return (
    <PageContainer>
      <BackLink />
      <div className="grid gap-8 pb-28 lg:grid-cols-2 lg:pb-0">
        {/* On phones the title, a compact photo, the price and bid come first; details and seller below. */}
        <div className="order-2 grid content-start gap-6 lg:order-1">
          <div className="relative hidden overflow-hidden rounded-xl border border-border bg-muted lg:block">
            <ProductPhoto product={product} priority className="aspect-square w-full object-cover" />
            <MetalBadge metalType={product.metalType} className="absolute left-4 top-4 text-sm shadow" />
          </div>
          <Card>
            <CardHeader className="pb-2">
              <CardTitle>Product Details</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="mb-4 whitespace-pre-line text-sm text-muted-foreground">{product.description}</p>
              <dl className="divide-y divide-border">
                {product.weight && <Detail label="Weight" value={product.weight} />}
                {product.purity && <Detail label="Purity" value={product.purity} />}
                <Detail label="Metal Type" value={product.metalType} capitalize />
                <Detail label="Starting Price" value={formatPrice(product.startingPrice)} />
                {auction.retailPrice && (
                  <Detail label="Retail Price" value={formatPrice(auction.retailPrice)} />
                )}
              </dl>
            </CardContent>
          </Card>
          <Card data-testid="seller-card">
            <CardContent className="flex items-start gap-4 pt-6">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft">
                <Store className="size-6 text-primary-hover" aria-hidden="true" />
              </span>
              <div className="grid gap-1">
                <p className="font-semibold">{seller.businessName}</p>
                <p className="inline-flex items-center gap-1 text-sm font-medium text-success">
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  Certified Seller
                </p>
                {seller.description && <p className="text-sm text-muted-foreground">{seller.description}</p>}
              </div>
            </CardContent>
          </Card>
        </div>
        <div className="order-1 grid content-start gap-6 lg:order-2">
          <div className="flex items-start justify-between gap-3">
            <h1 className={cn(AUCTION_TITLE_CLASS, "min-w-0 flex-1")}>{product.name}</h1>
            <LazyWatchStar auctionId={auction.id} productName={product.name} />
          </div>
          {!desktop && (
            <div className="relative overflow-hidden rounded-xl border border-border bg-muted">
              <ProductPhoto product={product} priority className="aspect-[16/9] w-full object-contain" />
              <MetalBadge metalType={product.metalType} className="absolute left-3 top-3 shadow" />
            </div>
          )}
          <PricePanel auction={auction} desktop={desktop} />
          <UntilEnd endsAt={auction.endsAt} status={auction.status}>
            {(ended) => (
              <>
                {user && user.role !== "admin" && !(user.sellerId && user.sellerId === auction.seller.id) && (
                  // Locked out: no booking form (the server would refuse it); a stopped agent still shows.
                  <BidAgentPanel
                    auctionId={auction.id}
                    canBid={!ended && !lockedOut(auction, auction.me?.bidsPlaced ?? 0)}
                  />
                )}
                {/* The winner pays the final price ("You won" above); Buy It Now is for those who did not win. */}
                {user && !won(auction, user) && <BuyNowPanel auction={auction} />}
                <RecentBids bids={auction.bids} ended={ended} />
              </>
            )}
          </UntilEnd>
        </div>
      </div>
      {!desktop && <PhoneBidBar auction={auction} />}
      <WinnerCelebration />
    </PageContainer>
  );
}

/**
 * Whether the auction is over (its status, or its clock at zero before the server says so), for the
 * panels below the price. Its own component: the clock hook has no server snapshot, and the page's
 * skeleton is prerendered.
 */
function UntilEnd({
  endsAt,
  status,
  children,
}: {
  endsAt: string;
  status: AuctionDetail["status"];
  children: (ended: boolean) => ReactNode;
}) {
  const clockEnded = useHasEnded(endsAt);
  return children(clockEnded || status !== "active");
}
