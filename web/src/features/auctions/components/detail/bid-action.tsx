import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { useSelfExclusion } from "@web/lib/spending-limits.ts";
import { cn } from "@web/lib/utils.ts";
import { awaitsPayment, wonAuctionsQuery } from "@web/lib/wins.ts";
import { Gavel, Lock, Trophy } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { BID_MESSAGES, bidRefusalFor, lockedOut } from "#shared/bid-refusals";
import { formatPrice } from "#shared/money";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { usePlaceBid } from "../../hooks/use-place-bid.ts";
import { standing, won } from "../../lib/leader.ts";
import { rememberBid, useHasBidOn } from "../../lib/my-bids.ts";
import { useMsLeft } from "../../lib/server-clock.ts";
import { Countdown } from "../countdown.tsx";
import { LazyMemberBadge } from "../lazy-member-badge.tsx";
import { StandingNotice } from "../standing-notice.tsx";

/**
 * What the viewer can do now: Place Bid, or why not (ended with its winner, staff, their own product),
 * with where they stand (leading in green, outbid in red) above it. One component for the price panel
 * and the phone's bid bar.
 */
export function BidAction({ auction, compact = false }: { auction: AuctionDetail; compact?: boolean }) {
  const { data: user } = useUser();
  const { placeBid, pendingAuctionId } = usePlaceBid();
  const excluded = useSelfExclusion();
  const reasonId = useId();
  const msLeft = useMsLeft(auction.endsAt);
  const remembered = useHasBidOn(user?.username, auction.id);
  const hasBid = remembered || (auction.me?.bidsPlaced ?? 0) > 0;
  const refusal = bidRefusalFor({
    ended: auction.status !== "active" || msLeft <= 0,
    staff: user?.role === "admin",
    ownsItem: !!user?.sellerId && auction.seller.id === user.sellerId,
    lockedOut: lockedOut(auction, hasBid ? 1 : 0),
    // Leading is said by the standing notice, which hides the button: not a refusal to show here.
    leading: false,
  });
  const ended = refusal === "ended";
  const where = ended ? null : standing(auction, user, hasBid);
  const spent = (auction.me?.bidsPlaced ?? 0) > 0;
  // The server says this user bid here: the grid's cards can then say when they are outbid.
  useEffect(() => {
    if (spent && user) rememberBid(user.username, auction.id);
  }, [spent, user, auction.id]);

  if (ended) {
    if (won(auction, user)) return <YouWon auction={auction} compact={compact} />;
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
          <p
            className="flex flex-wrap items-center justify-center gap-1.5 font-medium text-primary-hover"
            data-testid="winner-line"
          >
            <Trophy className="size-4" aria-hidden="true" />
            Winner: {auction.winner.username}
            {/* The same badge as Recent Bids' (its own chunk, loaded only for an ended auction's winner). */}
            {auction.winner.memberSince && <LazyMemberBadge bidder={auction.winner} />}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Ended without bids</p>
        )}
      </div>
    );
  }
  if (refusal === "staff") {
    return (
      <div className="rounded-lg border border-border bg-muted p-3 text-center" data-testid="staff-no-bid">
        <p className="font-semibold">{BID_MESSAGES.staff}</p>
      </div>
    );
  }
  if (refusal === "own-auction") {
    return (
      <div className="rounded-lg border border-amber-300 bg-accent p-3 text-center" data-testid="own-product">
        <p className="font-semibold text-accent-foreground">Your Product</p>
        <p className="text-sm text-accent-foreground/80">{BID_MESSAGES.ownAuction}</p>
      </div>
    );
  }
  if (refusal === "locked-out") {
    return (
      <div className="rounded-lg border border-border bg-muted p-3 text-center" data-testid="locked-out">
        <p className="flex items-center justify-center gap-1.5 font-semibold">
          <Lock className="size-4" aria-hidden="true" />
          Locked
        </p>
        <p className="text-sm text-muted-foreground">{BID_MESSAGES.lockedOut}</p>
      </div>
    );
  }
  return (
    <div className={cn("grid", compact ? "gap-1.5" : "gap-3")}>
      <StandingNotice standing={where} compact={compact} />
      {/* Leading: nothing to do (the server refuses a second bid in a row), so no button at all. */}
      {where !== "leading" && (
        <Button
          size="lg"
          className="w-full"
          onClick={() => placeBid(auction.id)}
          disabled={pendingAuctionId === auction.id || excluded !== null}
          aria-describedby={excluded ? reasonId : undefined}
        >
          <Gavel aria-hidden="true" />
          Place Bid
        </Button>
      )}
      {excluded && where !== "leading" && (
        <p id={reasonId} className="text-center text-sm text-muted-foreground" data-testid="bid-paused">
          {excluded}
        </p>
      )}
    </div>
  );
}

/**
 * The winner's view of their ended auction: "You won" and the same "Pay $X now" as the wins page
 * while it is unpaid, else the order's state. Read from the wins list, which says whether it is paid.
 */
function YouWon({ auction, compact }: { auction: AuctionDetail; compact: boolean }) {
  // The wins list is an index read: a win only just finalized may reach it a moment later.
  const wins = useQuery({
    ...wonAuctionsQuery(),
    refetchInterval: (query) => (query.state.data?.some((w) => w.id === auction.id) ? false : 2000),
  });
  const win = wins.data?.find((w) => w.id === auction.id);
  return (
    <div
      className={cn(
        "grid gap-2 rounded-lg border border-success bg-green-50 text-center",
        compact ? "p-2" : "p-4",
      )}
      data-testid="you-won"
    >
      <p
        className={cn(
          "flex items-center justify-center gap-1.5 font-bold text-success",
          !compact && "text-lg",
        )}
      >
        <Trophy className="size-5" aria-hidden="true" />
        You won
      </p>
      {/* The server's All-in, as My Wins and My Orders show it: the price panel above says the final price. */}
      {win && win.exchangedBids === null && (
        <Suspense fallback={null}>
          <WinAllIn win={win} />
        </Suspense>
      )}
      {win &&
        (awaitsPayment(win) ? (
          <Suspense fallback={null}>
            <UnpaidWin auction={auction} win={win} />
          </Suspense>
        ) : (
          <p className="text-sm" data-testid="you-won-order">
            {win.order?.shippingStatus === "pending"
              ? "Paid. The seller ships it next."
              : `Paid and ${win.order?.shippingStatus}.`}{" "}
            <Link to={paths.orders.getHref()} className="font-medium underline underline-offset-2">
              View order
            </Link>
          </p>
        ))}
    </div>
  );
}

/** Only a winner sees them: no part of the auction page's first load. */
const UnpaidWin = lazy(async () => ({ default: (await import("./unpaid-win.tsx")).UnpaidWin }));
const WinAllIn = lazy(async () => ({ default: (await import("./win-all-in.tsx")).WinAllIn }));

/** Phones and tablets: price, time left and the bid button stay at the bottom of the screen. */
export function PhoneBidBar({ auction }: { auction: AuctionDetail }) {
  const bar = useRef<HTMLDivElement>(null);
  // Toasts rise above the bar (never over its Place Bid); hidden on wide screens, it measures 0.
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty("--toast-bottom", `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--toast-bottom");
    };
  }, []);
  return (
    <div
      ref={bar}
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
