import { cn } from "@web/lib/utils.ts";
import { TriangleAlert, Trophy } from "lucide-react";
import type { Standing } from "../lib/leader.ts";

/**
 * "You're the highest bidder" in green, "You've been outbid" in red: a status, not a button, on the
 * card, the price panel and the phone's bid bar. The region is always there (empty when neither) so
 * a screen reader hears the change politely when another bidder takes the lead or the user retakes it.
 */
export function StandingNotice({
  standing,
  compact = false,
  className,
}: {
  standing: Standing;
  compact?: boolean;
  className?: string;
}) {
  return (
    <div aria-live="polite" className={className} data-testid="standing-region">
      {standing === "leading" && (
        <p
          className={cn(
            "flex items-center justify-center gap-1.5 rounded-md border border-success bg-green-50 font-semibold text-success",
            compact ? "px-2 py-1 text-sm" : "px-3 py-2",
          )}
          data-testid="leading"
        >
          <Trophy className="size-4 shrink-0" aria-hidden="true" />
          You're the highest bidder
        </p>
      )}
      {standing === "outbid" && (
        <p
          className={cn(
            "flex items-center justify-center gap-1.5 rounded-md border border-destructive bg-red-50 font-semibold text-destructive",
            compact ? "px-2 py-1 text-sm" : "px-3 py-2",
          )}
          data-testid="outbid"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          You've been outbid
        </p>
      )}
    </div>
  );
}
