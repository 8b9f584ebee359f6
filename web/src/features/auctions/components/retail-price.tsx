import { Badge } from "@web/components/ui/badge.tsx";
import { cn } from "@web/lib/utils.ts";
import { buyNowOpen } from "#shared/buy-now";
import { formatPrice } from "#shared/money";
import type { AuctionSummary } from "#shared/schemas/auctions";

/**
 * "Retail $X", with a Buy It Now badge while units are offered (never to the winner, who is not
 * offered it); nothing for items without a retail price.
 */
export function RetailPrice({
  auction,
  className,
  noBuyNow = false,
}: {
  auction: AuctionSummary;
  className?: string;
  noBuyNow?: boolean;
}) {
  if (!auction.retailPrice) return null;
  return (
    <p className={cn("flex items-center gap-2 text-muted-foreground", className)} data-testid="retail-price">
      Retail {formatPrice(auction.retailPrice)}
      {!noBuyNow && buyNowOpen(auction, Date.now()) && <Badge variant="secondary">Buy It Now</Badge>}
    </p>
  );
}
