import { Card, CardContent, CardHeader } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { Clock, Gavel, Lock, User } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { bidsSpentText, FINAL_PRICE_LABEL } from "#shared/win-figures";
import { won } from "../../lib/leader.ts";
import { lockLabel } from "../../lib/lock.ts";
import { useMsLeft } from "../../lib/server-clock.ts";
import { Countdown } from "../countdown.tsx";
import { LazyEconomicsLine } from "../lazy-economics-line.tsx";
import { MeltValue } from "../melt-value.tsx";
import { RetailPrice } from "../retail-price.tsx";
import { BidAction } from "./bid-action.tsx";

/** The price, time left, last bidder and (on desktops) the bid, with the leader and outbid states announced politely. */
export function PricePanel({ auction, desktop }: { auction: AuctionDetail; desktop: boolean }) {
  const { data: user } = useUser();
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
          <p className="text-sm text-muted-foreground" data-testid="price-label">
            {ended ? FINAL_PRICE_LABEL : "Current Price"}
          </p>
          <p className="text-4xl font-bold tracking-tight" data-testid="current-price" aria-live="polite">
            {formatPrice(auction.currentPrice)}
          </p>
          {!ended && (
            <p className="text-sm text-muted-foreground">+{formatPrice(auction.bidIncrement)} per bid</p>
          )}
          <RetailPrice auction={auction} className="mt-1 text-sm" noBuyNow={won(auction, user)} />
          <MeltValue auction={auction} detail className="mt-1 text-sm" />
        </div>
        <div className="grid grid-cols-2 gap-4">
          {/* An ended auction says so once, in the ended box below; a countdown box reading "Ended" repeats it. */}
          {!ended && (
            <div className="rounded-lg border border-border p-3">
              <p className="flex items-center gap-1 text-xs uppercase tracking-wide text-muted-foreground">
                <Clock className="size-3.5" aria-hidden="true" /> Time Remaining
              </p>
              <Countdown endsAt={auction.endsAt} format="detail" className="text-xl" />
            </div>
          )}
          <div className="rounded-lg border border-border p-3">
            <p className="flex items-center gap-1 text-xs uppercase tracking-wide text-muted-foreground">
              <Gavel className="size-3.5" aria-hidden="true" /> Total Bids
            </p>
            <p className="text-xl font-semibold tabular-nums" data-testid="total-bids">
              {auction.totalBids}
            </p>
          </div>
        </div>
        {lockLabel(auction) && (
          <p className="flex items-center gap-1.5 text-sm font-medium" data-testid="lock-status">
            <Lock className="size-4" aria-hidden="true" />
            {auction.locked
              ? "Locked: only bidders who bid before it locked can bid"
              : `${lockLabel(auction)}: from then on only bidders who bid before can bid`}
          </p>
        )}
        {auction.beginner && (
          <p className="text-sm font-medium text-success" data-testid="beginner">
            Beginner auction: only for bidders who have not won yet
          </p>
        )}
        <Link
          to={paths.auctionLedger.getHref(auction.id)}
          className="inline-flex min-h-6 items-center text-sm text-muted-foreground underline underline-offset-2"
          data-testid="ledger-link"
        >
          Verify this auction's bid ledger
        </Link>
        {/* The same sentence as the ledger page's; only a won auction's payload carries it (its own chunk). */}
        {ended && auction.economics && <LazyEconomicsLine economics={auction.economics} />}
        {!ended && auction.activeAgents > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="active-agents">
            {plural(auction.activeAgents, "Bid Agent")} active
          </p>
        )}
        {auction.me && auction.me.bidsPlaced > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="my-spend">
            {/* The same words as My Wins' and My Orders': "1 free bid" rather than "1 bid ($0.00)". */}
            You've spent {bidsSpentText(auction.me.bidsPlaced, auction.me.bidsValue)} here
          </p>
        )}
        {/* Once ended, the ended box names the winner; a second line for the same person would repeat it. */}
        {(!ended || (auction.lastBidder && !auction.winner)) && (
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
        )}
        {desktop && <BidAction auction={auction} />}
      </CardContent>
    </Card>
  );
}
