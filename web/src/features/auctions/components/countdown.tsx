import { cn } from "@web/lib/utils.ts";
import {
  type CountdownUrgency,
  countdownUrgency,
  formatCardCountdown,
  formatDetailCountdown,
} from "#shared/countdown";
import { useMsLeft } from "../lib/server-clock.ts";

const URGENCY_CLASS: Record<CountdownUrgency, string> = {
  urgent: "text-destructive",
  warning: "text-warning",
  normal: "text-foreground",
  ended: "text-muted-foreground",
};

/**
 * Time left by the server's clock, recomputed every second (docs/product.md section 4): red under 60 s (the
 * card version pulses), amber under 5 minutes, "Ended" at zero.
 */
export function Countdown({
  endsAt,
  format,
  className,
}: {
  endsAt: string;
  format: "card" | "detail";
  className?: string;
}) {
  const msLeft = useMsLeft(endsAt);
  const urgency = countdownUrgency(msLeft);
  return (
    // A timer: assistive tech may read it on demand, it does not announce every second.
    <span
      role="timer"
      data-testid="countdown"
      data-urgency={urgency}
      className={cn(
        "font-semibold tabular-nums",
        URGENCY_CLASS[urgency],
        format === "card" && urgency === "urgent" && "inline-block animate-urgent",
        className,
      )}
    >
      {format === "card" ? formatCardCountdown(msLeft) : formatDetailCountdown(msLeft)}
    </span>
  );
}
