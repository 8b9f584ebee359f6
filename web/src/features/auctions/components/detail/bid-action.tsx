import { Button } from "@web/components/ui/button.tsx";
import { useUser } from "@web/lib/current-user.ts";
import { cn } from "@web/lib/utils.ts";
import { Gavel, Trophy } from "lucide-react";
import { formatPrice } from "#shared/money";
import type { AuctionDetail } from "#shared/schemas/auctions";
import { usePlaceBid } from "../../hooks/use-place-bid.ts";
import { leads } from "../../lib/leader.ts";
import { useMsLeft } from "../../lib/server-clock.ts";
import { Countdown } from "../countdown.tsx";

/**
 * What the viewer can do now: Place Bid, or why not (ended with its winner, staff, their own product,
 * already the highest bidder). One component for the price panel and the phone's bid bar.
 */
export function BidAction({ auction, compact = false }: { auction: AuctionDetail; compact?: boolean }) {
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
export function PhoneBidBar({ auction }: { auction: AuctionDetail }) {
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
