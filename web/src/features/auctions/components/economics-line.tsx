import { cn } from "@web/lib/utils.ts";
import { economicsSentence } from "#shared/economics";
import type { Economics } from "#shared/schemas/auctions";

/** A won auction's economics in one sentence: what bidders spent, what the site collected, and the melt value. */
export function EconomicsLine({
  economics,
  className,
}: {
  economics: Economics | undefined;
  className?: string;
}) {
  if (!economics) return null;
  return (
    <p className={cn("text-sm text-muted-foreground", className)} data-testid="economics">
      {economicsSentence(economics)}.
    </p>
  );
}
