import { SpendingLimitsLink } from "@web/components/spending-limits-link.tsx";
import { SELF_EXCLUSION_REASON_ID, useSelfExclusion } from "@web/lib/spending-limits.ts";
import { PauseCircle } from "lucide-react";

/** On every page while the user is self-excluded: why bidding and buying are off, and until when. */
export function SelfExclusionBanner() {
  const reason = useSelfExclusion();
  if (!reason) return null;
  return (
    <section
      aria-label="Self-exclusion"
      className="border-b border-amber-300 bg-accent text-accent-foreground"
      data-testid="self-exclusion-banner"
    >
      <p className="container-page flex flex-wrap items-center gap-x-2 gap-y-1 py-3 text-sm">
        <PauseCircle className="size-4 shrink-0" aria-hidden="true" />
        <span id={SELF_EXCLUSION_REASON_ID} className="font-semibold">
          {reason}.
        </span>
        <span>Bidding, Buy Bids and Buy It Now are paused until then.</span>
        <SpendingLimitsLink className="inline-flex min-h-6 items-center" />
      </p>
    </section>
  );
}
