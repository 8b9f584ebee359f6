import { Badge } from "@web/components/ui/badge.tsx";
import { cn } from "@web/lib/utils.ts";
import { Sparkles } from "lucide-react";
import { formatPrice } from "#shared/money";
import { BEST_VALUE_LABEL, pricePerBid, savingsLabel } from "#shared/packages";
import type { BidPackage } from "#shared/schemas/payments";

/** Badges of a package: "Best Value" on the popular one, "Save N%" when it saves anything. */
export function PackageBadges({ bidPackage, className }: { bidPackage: BidPackage; className?: string }) {
  const savings = savingsLabel(bidPackage.savings);
  if (!bidPackage.popular && !savings) return null;
  return (
    <div className={cn("flex flex-wrap items-center justify-center gap-1.5", className)}>
      {bidPackage.popular && (
        <Badge>
          <Sparkles aria-hidden="true" />
          {BEST_VALUE_LABEL}
        </Badge>
      )}
      {savings && <Badge variant="success">{savings}</Badge>}
    </div>
  );
}

/** Name, bid count, price and price per bid: the body of a package card, in the modal and on the page. */
export function PackageSummary({ bidPackage, size = "md" }: { bidPackage: BidPackage; size?: "md" | "lg" }) {
  const perBid = pricePerBid(bidPackage.price, bidPackage.bidCount);
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <h2 className={cn("font-semibold tracking-tight", size === "lg" ? "text-xl" : "text-base")}>
        {bidPackage.name}
      </h2>
      <PackageBadges bidPackage={bidPackage} />
      <p className="flex items-baseline gap-1.5">
        <span className={cn("font-bold text-foreground", size === "lg" ? "text-5xl" : "text-3xl")}>
          {bidPackage.bidCount.toLocaleString("en-US")}
        </span>
        <span className="text-sm font-medium text-muted-foreground">Bids</span>
      </p>
      <p className={cn("font-bold text-primary-hover", size === "lg" ? "text-3xl" : "text-xl")}>
        {formatPrice(bidPackage.price)}
      </p>
      {perBid && <p className="text-xs text-muted-foreground">{`${formatPrice(perBid)} per bid`}</p>}
    </div>
  );
}
