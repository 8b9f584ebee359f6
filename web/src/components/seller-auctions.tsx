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
        {/* At least 10rem for the name: on a phone the price and button wrap to a line of their own
            instead of squeezing the name into a column a word wide (or under the price). */}
        <div className="grid min-w-40 flex-1 gap-1.5">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h2 className="min-w-0 break-words font-semibold">{auction.product.name}</h2>
            <AuctionStatusBadge status={auction.status} />
          </div>
          <p className="text-sm text-muted-foreground">{plural(auction.totalBids, "bid")}</p>
        </div>
        <div className="ml-auto flex items-center gap-3 sm:grid sm:justify-items-end sm:gap-2">
          <span className="text-lg font-bold text-primary-hover">{formatPrice(auction.currentPrice)}</span>
          <Button asChild size="sm" variant="outline">
            <Link to={paths.auction.getHref(auction.id)}>View Details</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
