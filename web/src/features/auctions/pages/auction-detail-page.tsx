import { useQuery } from "@tanstack/react-query";
import { PageContainer } from "@web/components/page-header.tsx";
import { ProductImage } from "@web/components/product-image.tsx";
import { MetalBadge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { paths } from "@web/config/paths.ts";
import { getErrorStatus } from "@web/lib/api-client.ts";
import { useUser } from "@web/lib/current-user.ts";
import { DESKTOP_QUERY, useMediaQuery } from "@web/lib/use-media-query.ts";
import { cn } from "@web/lib/utils.ts";
import { ArrowLeft, BadgeCheck, Clock, Gavel, Package, Store, Trophy, User } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import { formatPrice } from "#shared/money";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { auctionQueries } from "../api/queries.ts";
import { BidAgentPanel } from "../components/bid-agent-panel.tsx";
import { BuyNowPanel } from "../components/buy-now-panel.tsx";
import { Countdown } from "../components/countdown.tsx";
import { RecentBids } from "../components/recent-bids.tsx";
import { RetailPrice } from "../components/retail-price.tsx";
import { WinnerCelebration } from "../components/winner-celebration.tsx";
import { useAuctionLiveUpdates } from "../hooks/use-auction-live-updates.ts";
import { usePlaceBid } from "../hooks/use-place-bid.ts";
import { leads } from "../lib/leader.ts";
import { useMsLeft } from "../lib/server-clock.ts";
import { celebrateWin } from "../lib/winner-store.ts";

function BackLink() {
  return (
    <Link
      to={paths.home.getHref()}
      className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Auctions
    </Link>
  );
}

function NotFound() {
  return (
    <PageContainer>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <Package className="size-12 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Auction Not Found</h1>
        <p className="text-muted-foreground">This auction may have ended or been removed.</p>
        <Button asChild>
          <Link to={paths.home.getHref()}>Back to Auctions</Link>
        </Button>
      </div>
    </PageContainer>
  );
}

function DetailSkeleton() {
  return (
    <PageContainer>
      <BackLink />
      <div className="grid gap-8 lg:grid-cols-2" role="status" aria-busy="true" aria-label="Loading auction">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="grid content-start gap-4">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      </div>
    </PageContainer>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium capitalize">{value}</dd>
    </div>
  );
}

/** Opens the celebration when this page sees its auction end with the signed-in user as winner. */
function useCelebrateOwnWin(auction: AuctionDetail | undefined, username: string | undefined) {
  const lastStatus = useRef<string | null>(null);
  useEffect(() => {
    if (!auction) return;
    const was = lastStatus.current;
    lastStatus.current = auction.status;
    if (was === "active" && auction.status === "won" && username && auction.winner?.username === username) {
      celebrateWin({
        auctionId: auction.id,
        productName: auction.product.name,
        finalPrice: auction.currentPrice,
      });
    }
  }, [auction, username]);
}

function PricePanel({ auction, desktop }: { auction: AuctionDetail; desktop: boolean }) {
  const msLeft = useMsLeft(auction.endsAt);
  const ended = auction.status !== "active" || msLeft <= 0;

  return (
    <Card className="overflow-hidden" data-testid="price-panel">
      <CardHeader className="flex-row items-center justify-between gap-2 border-b border-border bg-muted/50 py-4">
        <span className="text-sm font-medium text-muted-foreground">Auction #{auction.id.slice(0, 8)}</span>
        {!ended && (
          <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-destructive">
            <span className="relative flex size-2.5" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75" />
              <span className="relative inline-flex size-2.5 rounded-full bg-red-500" />
            </span>
            Live
          </span>
        )}
      </CardHeader>
      <CardContent className="grid gap-5 pt-6">
        <div>
          <p className="text-sm text-muted-foreground">Current Price</p>
          <p className="text-4xl font-bold tracking-tight" data-testid="current-price" aria-live="polite">
            {formatPrice(auction.currentPrice)}
          </p>
          {!ended && (
            <p className="text-sm text-muted-foreground">+{formatPrice(auction.bidIncrement)} per bid</p>
          )}
          <RetailPrice auction={auction} className="mt-1 text-sm" />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <div className="rounded-lg border border-border p-3">
            <p className="flex items-center gap-1 text-xs uppercase tracking-wide text-muted-foreground">
              <Clock className="size-3.5" aria-hidden="true" /> Time Remaining
            </p>
            <Countdown endsAt={auction.endsAt} format="detail" className="text-xl" />
          </div>
          <div className="rounded-lg border border-border p-3">
            <p className="flex items-center gap-1 text-xs uppercase tracking-wide text-muted-foreground">
              <Gavel className="size-3.5" aria-hidden="true" /> Total Bids
            </p>
            <p className="text-xl font-semibold tabular-nums" data-testid="total-bids">
              {auction.totalBids}
            </p>
          </div>
        </div>
        {auction.beginner && (
          <p className="text-sm font-medium text-success" data-testid="beginner">
            Beginner auction: only for bidders who have not won yet
          </p>
        )}
        <a
          href={`/api/auctions/${encodeURIComponent(auction.id)}/ledger`}
          className="text-sm text-muted-foreground underline underline-offset-2"
          data-testid="ledger-link"
        >
          Verify this auction's bid ledger
        </a>
        {auction.activeAgents > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="active-agents">
            {auction.activeAgents} Bid {auction.activeAgents === 1 ? "Agent" : "Agents"} active
          </p>
        )}
        {auction.me && auction.me.bidsPlaced > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="my-spend">
            You've spent {auction.me.bidsPlaced} {auction.me.bidsPlaced === 1 ? "bid" : "bids"} (
            {formatPrice(auction.me.bidsValue)}) here
          </p>
        )}
        <p className="flex items-center gap-2 text-sm" data-testid="leader" aria-live="polite">
          <User className="size-4 text-muted-foreground" aria-hidden="true" />
          {auction.lastBidder ? (
            <>
              <span className="text-muted-foreground">{ended ? "Last bidder:" : "Highest bidder:"}</span>
              <span className="font-semibold">{auction.lastBidder.username}</span>
            </>
          ) : (
            <span className="text-muted-foreground">No bids yet</span>
          )}
        </p>
        {desktop && <BidAction auction={auction} />}
      </CardContent>
    </Card>
  );
}

/**
 * What the viewer can do now: Place Bid, or why not (ended with its winner, staff, their own product,
 * already the highest bidder). One component for the price panel and the phone's bid bar.
 */
function BidAction({ auction, compact = false }: { auction: AuctionDetail; compact?: boolean }) {
  const { data: user } = useUser();
  const { placeBid, pendingAuctionId } = usePlaceBid();
  const msLeft = useMsLeft(auction.endsAt);
  const ended = auction.status !== "active" || msLeft <= 0;
  const isSeller = !!user?.sellerId && auction.seller.id === user.sellerId;
  const leading = leads(auction, user);

  if (ended) {
    return (
      <div
        className={cn(
          "grid gap-1 rounded-lg border border-border bg-muted text-center",
          compact ? "p-2" : "p-4",
        )}
        data-testid="auction-ended"
      >
        <p className={cn("font-bold", !compact && "text-lg")}>Auction Ended</p>
        {auction.winner ? (
          <p className="flex items-center justify-center gap-1.5 font-medium text-primary-hover">
            <Trophy className="size-4" aria-hidden="true" />
            Winner: {auction.winner.username}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Ended without bids</p>
        )}
      </div>
    );
  }
  if (user?.role === "admin") {
    return (
      <div className="rounded-lg border border-border bg-muted p-3 text-center" data-testid="staff-no-bid">
        <p className="font-semibold">Staff accounts cannot bid</p>
      </div>
    );
  }
  if (isSeller) {
    return (
      <div className="rounded-lg border border-amber-300 bg-accent p-3 text-center" data-testid="own-product">
        <p className="font-semibold text-accent-foreground">Your Product</p>
        <p className="text-sm text-accent-foreground/80">You cannot bid on your own items</p>
      </div>
    );
  }
  if (leading) {
    // Said before anyone clicks, instead of a refusal after the click.
    return (
      <Button size="lg" variant="outline" className="w-full" disabled data-testid="leading">
        <Trophy aria-hidden="true" />
        You're the highest bidder
      </Button>
    );
  }
  return (
    <Button
      size="lg"
      className="w-full"
      onClick={() => placeBid(auction.id)}
      disabled={pendingAuctionId === auction.id}
    >
      <Gavel aria-hidden="true" />
      Place Bid
    </Button>
  );
}

/** Phones and tablets: price, time left and the bid button stay at the bottom of the screen. */
function PhoneBidBar({ auction }: { auction: AuctionDetail }) {
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 px-4 py-3 shadow-lg backdrop-blur"
      data-testid="phone-bid-bar"
    >
      <div className="mx-auto flex max-w-xl items-center gap-3">
        <div className="min-w-0 shrink-0">
          <p className="text-xl font-bold leading-tight tabular-nums">{formatPrice(auction.currentPrice)}</p>
          <Countdown endsAt={auction.endsAt} format="detail" className="text-sm" />
        </div>
        <div className="min-w-0 flex-1">
          <BidAction auction={auction} compact />
        </div>
      </div>
    </div>
  );
}

/** The auction detail of docs/product.md section 2, at both /auction/:id and /auctions/:id. */
export function AuctionDetailPage() {
  const { id = "" } = useParams();
  const { data: auction, error, isPending } = useQuery(auctionQueries.detail(id));
  const { data: user } = useUser();
  // One bid action on the page: in the price panel on desktops, in the bottom bar on phones.
  const desktop = useMediaQuery(DESKTOP_QUERY);
  useAuctionLiveUpdates(id ? [id] : []);
  useCelebrateOwnWin(auction, user?.username);

  if (isPending) return <DetailSkeleton />;
  if (!auction)
    return getErrorStatus(error) === 404 || getErrorStatus(error) === 400 ? <NotFound /> : <DetailSkeleton />;

  const { product, seller } = auction;
  return (
    <PageContainer>
      <BackLink />
      <div className="grid gap-8 pb-28 lg:grid-cols-2 lg:pb-0">
        {/* On phones the title, price and bid come first; details and seller below. */}
        <div className="order-2 grid content-start gap-6 lg:order-1">
          <div className="relative overflow-hidden rounded-xl border border-border bg-muted">
            <ProductImage
              priority
              src={product.imageUrl}
              alt={product.name}
              className="aspect-square w-full object-cover"
            />
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
                <Detail label="Metal Type" value={product.metalType} />
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
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{product.name}</h1>
          <PricePanel auction={auction} desktop={desktop} />
          {user && user.role !== "admin" && !(user.sellerId && user.sellerId === auction.seller.id) && (
            <BidAgentPanel auctionId={auction.id} canBid={auction.status === "active"} />
          )}
          {user && <BuyNowPanel auction={auction} />}
          <RecentBids bids={auction.bids} />
        </div>
      </div>
      {!desktop && <PhoneBidBar auction={auction} />}
      <WinnerCelebration />
    </PageContainer>
  );
}
