import { LazyWatchStar } from "@web/components/lazy-watch-star.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { Badge, MetalBadge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { SELF_EXCLUSION_REASON_ID, useSelfExclusion } from "@web/lib/spending-limits.ts";
import { cn } from "@web/lib/utils.ts";
import { Clock, Gavel, User } from "lucide-react";
import { memo, useEffect } from "react";
import { Link } from "react-router";
import { BID_MESSAGES, lockedOut } from "#shared/bid-refusals";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { standing } from "../lib/leader.ts";
import { lockLabel } from "../lib/lock.ts";
import { rememberBid, useHasBidOn } from "../lib/my-bids.ts";
import { useHasEnded } from "../lib/server-clock.ts";
import { Countdown } from "./countdown.tsx";
import { MeltValue } from "./melt-value.tsx";
import { RetailPrice } from "./retail-price.tsx";
import { StandingNotice } from "./standing-notice.tsx";

/**
 * One auction in the grid (docs/product.md section 2): image, metal and Ended badges, name, seller, weight
 * and purity, price, countdown, bids, last bidder, and Place Bid (active, with a handler) or View Details.
 * Memoized: the grid re-renders on every poll, a card only when its own auction changed (only its
 * countdown ticks every second).
 */
export const AuctionCard = memo(function AuctionCard({
  auction,
  onPlaceBid,
  isBidding = false,
}: {
  auction: AuctionSummary;
  onPlaceBid?: (auctionId: string) => void;
  isBidding?: boolean;
}) {
  const ended = useHasEnded(auction.endsAt) || auction.status !== "active";
  const { data: user } = useUser();
  const hasBid = useHasBidOn(user?.username, auction.id);
  // The page's banner says why: each card points at it rather than repeating it.
  const excluded = useSelfExclusion() !== null;
  const where = ended ? null : standing(auction, user, hasBid);
  // What this browser remembers of the user's bids; the detail page asks the server.
  const shutOut = !!user && !ended && lockedOut(auction, hasBid ? 1 : 0);
  // A lead seen here (placed on another page or device) means the user bid on it.
  useEffect(() => {
    if (where === "leading" && user) rememberBid(user.username, auction.id);
  }, [where, user, auction.id]);
  const href = paths.auction.getHref(auction.id);
  const { product } = auction;
  const details = [product.weight, product.purity].filter(Boolean).join(" • ");

  return (
    <Card
      data-testid="auction-card"
      data-auction-id={auction.id}
      className="group flex flex-col overflow-hidden transition-shadow hover:shadow-md"
    >
      <div className="relative">
        {/* Wider than tall on a phone's single column, so its price and Place Bid reach the first screen. */}
        <Link to={href} className="relative block aspect-[16/9] overflow-hidden bg-muted sm:aspect-[4/3]">
          <ProductPhoto
            product={product}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
          <MetalBadge metalType={product.metalType} className="absolute left-3 top-3 shadow-sm" />
          {auction.beginner && !ended && (
            <Badge variant="success" className="absolute bottom-3 left-3 shadow-sm">
              Beginner
            </Badge>
          )}
          {lockLabel(auction) && !ended && (
            <Badge
              variant={auction.locked ? "warning" : "secondary"}
              className="absolute right-3 top-3 shadow-sm"
              data-testid="lock-badge"
            >
              {lockLabel(auction)}
            </Badge>
          )}
          {ended && (
            <Badge variant="destructive" className="absolute right-3 top-3 shadow-sm">
              Ended
            </Badge>
          )}
        </Link>
        {/* Beside the image's link, not in it: a button inside a link is neither valid nor reachable. */}
        <LazyWatchStar
          auctionId={auction.id}
          productName={product.name}
          className="absolute bottom-3 right-3"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-0.5">
          <Link
            to={href}
            className="line-clamp-2 min-h-6 font-semibold leading-snug hover:text-primary-hover"
          >
            {product.name}
          </Link>
          <p className="truncate text-sm text-muted-foreground">{auction.seller.businessName}</p>
          {details && <p className="text-xs text-muted-foreground">{details}</p>}
          <RetailPrice auction={auction} className="text-xs" />
          <MeltValue auction={auction} className="text-xs" />
        </div>
        <div className="flex items-end justify-between gap-2">
          <div>
            <p className="text-xs uppercase tracking-wide text-muted-foreground" data-testid="price-label">
              {auction.status === "won"
                ? "Sold for"
                : ended && auction.totalBids === 0
                  ? "Ended without bids"
                  : "Current price"}
            </p>
            <p className="text-2xl font-bold text-foreground" data-testid="current-price">
              {formatPrice(auction.currentPrice)}
            </p>
          </div>
          <div className={cn("flex items-center gap-1 text-sm")}>
            <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
            <Countdown endsAt={auction.endsAt} format="card" />
          </div>
        </div>
        {/* The counts never wrap; a last bidder too long for the rest of the row takes a line of its own. */}
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap" data-testid="bid-count">
            <Gavel className="size-4" aria-hidden="true" />
            {plural(auction.totalBids, "bid")}
            {auction.activeAgents > 0 && (
              <span className="ml-1 text-xs" data-testid="agent-count">
                · {plural(auction.activeAgents, "agent")}
              </span>
            )}
          </span>
          <span className="inline-flex min-w-0 items-center gap-1" data-testid="last-bidder">
            <User className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{auction.lastBidder?.username ?? "No bids yet"}</span>
          </span>
        </div>
        <div className="mt-auto grid gap-2 pt-1">
          {user && !ended && <StandingNotice standing={where} compact />}
          {shutOut && (
            <p className="text-center text-xs text-muted-foreground" data-testid="locked-out">
              {BID_MESSAGES.lockedOut}
            </p>
          )}
          {where !== "leading" && !ended && !shutOut && onPlaceBid ? (
            <Button
              className="w-full"
              onClick={() => onPlaceBid(auction.id)}
              disabled={isBidding || excluded}
              aria-label={`Place Bid on ${product.name}`}
              aria-describedby={excluded ? SELF_EXCLUSION_REASON_ID : undefined}
            >
              <Gavel aria-hidden="true" />
              Place Bid
            </Button>
          ) : (
            <Button asChild variant="outline" className="w-full">
              <Link to={href}>View Details</Link>
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
});

export function AuctionCardSkeleton() {
  return (
    <Card data-testid="auction-card-skeleton" className="flex flex-col overflow-hidden">
      <div className="aspect-[16/9] animate-pulse bg-slate-200 sm:aspect-[4/3]" />
      <div className="grid gap-3 p-4">
        <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-8 w-1/3 animate-pulse rounded bg-slate-200" />
        <div className="h-10 w-full animate-pulse rounded bg-slate-200" />
      </div>
    </Card>
  );
}
