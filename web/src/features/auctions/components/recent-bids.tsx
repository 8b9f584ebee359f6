import { Card, CardContent } from "@web/components/ui/card.tsx";
import { formatClockTime } from "@web/lib/format-date.ts";
import { History } from "lucide-react";
import { RECENT_BIDS_SHOWN } from "#shared/constants";
import { formatPrice } from "#shared/money";
import type { BidView } from "#shared/schemas/auctions";
import { LazyMemberBadge } from "./lazy-member-badge.tsx";
import { PanelHeader } from "./panel-header.tsx";

/**
 * The last 10 bids, newest first. `bids` arrive oldest to newest (the last item is the latest). The
 * newest is "Leading" while the auction runs and "Winning bid" once it has ended.
 */
export function RecentBids({ bids, ended = false }: { bids: BidView[]; ended?: boolean }) {
  const newestFirst = bids.slice(-RECENT_BIDS_SHOWN).reverse();
  return (
    <Card>
      <PanelHeader icon={History}>Recent Bids</PanelHeader>
      <CardContent>
        {newestFirst.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No bids yet. Be the first!</p>
        ) : (
          <ol className="divide-y divide-border" data-testid="recent-bids">
            {newestFirst.map((bid, index) => (
              <li key={bid.id} className="flex items-center gap-3 py-2.5" data-testid="recent-bid">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold uppercase text-primary-hover">
                  {bid.user.username.charAt(0)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">
                    {bid.user.username}
                    {bid.auto && (
                      <span
                        className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground"
                        title="Placed by a Bid Agent"
                      >
                        auto
                      </span>
                    )}
                    {index === 0 && (
                      <span className="ml-2 text-xs font-semibold text-success" data-testid="top-bid-tag">
                        {ended ? "Winning bid" : "Leading"}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={bid.createdAt}>{formatClockTime(bid.createdAt)}</time>{" "}
                    <LazyMemberBadge bidder={bid.user} />
                  </p>
                </div>
                <span className="font-semibold tabular-nums">{formatPrice(bid.amount)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
