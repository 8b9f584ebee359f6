import { useUser } from "@web/lib/current-user.ts";
import { cn } from "@web/lib/utils.ts";
import { useIsWatching, useSetWatching } from "@web/lib/watchlist.ts";
import { Star } from "lucide-react";

/**
 * The watchlist star of an auction (cards, the auction page, the Watching page). Only a signed-in
 * user has a watchlist, so no star shows to anyone else.
 */
export function WatchStar({
  auctionId,
  productName,
  className,
}: {
  auctionId: string;
  productName: string;
  className?: string;
}) {
  const { data: user } = useUser();
  const watching = useIsWatching(auctionId, Boolean(user));
  const setWatching = useSetWatching();
  if (!user) return null;
  return (
    <button
      type="button"
      data-testid="watch-star"
      aria-pressed={watching}
      aria-label={watching ? `Stop watching ${productName}` : `Watch ${productName}`}
      title={watching ? "Watching: click to stop" : "Watch this auction"}
      onClick={() => setWatching.mutate({ auctionId, watching: !watching })}
      className={cn(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-border bg-card text-muted-foreground shadow-sm transition-colors hover:text-gold-dark focus-visible:outline-2 focus-visible:outline-ring",
        watching && "text-gold-dark",
        className,
      )}
    >
      <Star className={cn("size-5", watching && "fill-current")} aria-hidden="true" />
    </button>
  );
}
