import { ProductPhoto } from "@web/components/product-image.tsx";
import { AuctionStatusBadge } from "@web/components/status-badges.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { Link } from "react-router";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { SellerAuction } from "#shared/schemas/seller";

/** One auction of the seller's Auctions tab; "View Details" opens the auction. */
export function SellerAuctionCard({ auction }: { auction: SellerAuction }) {
  return (
    <Card data-testid="seller-auction">
      <CardContent className="flex flex-wrap items-center gap-4 p-4">
        <ProductPhoto product={auction.product} frame className="size-20" />
        <div className="grid min-w-0 flex-1 gap-1.5">
          {/* min-w-0: a long name wraps inside its column instead of widening it under the price. */}
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h2 className="min-w-0 break-words font-semibold">{auction.product.name}</h2>
            <AuctionStatusBadge status={auction.status} />
          </div>
          <p className="text-sm text-muted-foreground">{plural(auction.totalBids, "bid")}</p>
        </div>
        <div className="grid justify-items-end gap-2">
          <span className="text-lg font-bold text-primary-hover">{formatPrice(auction.currentPrice)}</span>
          <Button asChild size="sm" variant="outline">
            <Link to={paths.auction.getHref(auction.id)}>View Details</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
