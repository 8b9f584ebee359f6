import { ProductPhoto } from "@web/components/product-image.tsx";
import { ApprovalBadge } from "@web/components/status-badges.tsx";
import { MetalBadge } from "@web/components/ui/badge.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { formatPrice } from "#shared/money";
import type { ProductView } from "#shared/schemas/seller";

/** One product of the seller's Products tab. */
export function SellerProductCard({ product }: { product: ProductView }) {
  return (
    <Card data-testid="seller-product">
      <CardContent className="flex gap-4 p-4">
        <ProductPhoto product={product} frame className="size-24" />
        <div className="grid min-w-0 flex-1 grid-cols-1 content-start gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 max-w-full font-semibold [overflow-wrap:anywhere]">{product.name}</h2>
            <MetalBadge metalType={product.metalType} />
            <ApprovalBadge status={product.status} />
          </div>
          <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {product.weight && (
              <span>
                <span className="text-muted-foreground">Weight:</span> {product.weight}
              </span>
            )}
            {product.purity && (
              <span>
                <span className="text-muted-foreground">Purity:</span> {product.purity}
              </span>
            )}
            <span>
              <span className="text-muted-foreground">Starting price:</span>{" "}
              <strong>{formatPrice(product.startingPrice)}</strong>
            </span>
            {product.retailPrice && (
              <span>
                <span className="text-muted-foreground">Retail:</span>{" "}
                <strong>{formatPrice(product.retailPrice)}</strong>
                {product.buyNowStock > 0 && (
                  <span className="text-muted-foreground"> · Buy It Now ×{product.buyNowStock}</span>
                )}
              </span>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
