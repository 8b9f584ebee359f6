import { cn } from "@web/lib/utils.ts";
import { TriangleAlert, Trophy } from "lucide-react";
import type { Standing } from "../lib/leader.ts";

const NOTICES = {
  leading: {
    text: "You're the highest bidder",
    Icon: Trophy,
    tone: "border-success bg-green-50 text-success",
  },
  outbid: {
    text: "You've been outbid",
    Icon: TriangleAlert,
    tone: "border-destructive bg-red-50 text-destructive",
  },
} as const;

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
  const notice = standing ? NOTICES[standing] : null;
  return (
    <div aria-live="polite" className={className} data-testid="standing-region">
      {notice && (
        <p
          className={cn(
            "flex items-center justify-center gap-1.5 rounded-md border font-semibold",
            notice.tone,
            compact ? "px-2 py-1 text-sm" : "px-3 py-2",
          )}
          data-testid={standing}
        >
          <notice.Icon className="size-4 shrink-0" aria-hidden="true" />
          {notice.text}
        </p>
      )}
    </div>
  );
}
