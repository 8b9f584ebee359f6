import { useQuery } from "@tanstack/react-query";
import { LabelledPrice } from "@web/components/labelled-price.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { ProductNameLine } from "@web/components/product-name-line.tsx";
import { QueryGrid } from "@web/components/query-grid.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { formatDate } from "@web/lib/format-date.ts";
import { PackageCheck } from "lucide-react";
import { useState } from "react";
import type { AdminProduct } from "#shared/schemas/admin";
import { adminQueries } from "../api/queries.ts";
import { useReviewProduct } from "../api/review-product.ts";
import { ApproveProductDialog } from "./approve-product-dialog.tsx";
import { emptyTab } from "./empty-tab.tsx";
import { ReviewButtons } from "./review-buttons.tsx";

const NO_PRODUCTS = emptyTab(PackageCheck, "No Pending Products", "Products sellers submit appear here.");

export function ProductApprovals() {
  const products = useQuery(adminQueries.pendingProducts());
  const review = useReviewProduct();
  const [approving, setApproving] = useState<AdminProduct | null>(null);

  return (
    <>
      <QueryGrid query={products} errorFallback="Could not load products awaiting review" empty={NO_PRODUCTS}>
        {(product) => (
          <Card key={product.id} data-testid="product-application">
            <CardContent className="flex flex-col gap-4 p-5 sm:flex-row">
              <ProductPhoto product={product} frame className="aspect-[4/3] w-full sm:w-40" />
              <div className="grid min-w-0 flex-1 content-start gap-1.5">
                <ProductNameLine product={product} className="text-lg font-semibold" />
                <p className="line-clamp-3 text-sm text-muted-foreground">{product.description}</p>
                <p className="text-sm">
                  <span className="text-muted-foreground">Seller:</span> {product.seller.businessName}
                </p>
                <div className="flex flex-wrap gap-x-4 text-sm">
                  <LabelledPrice label="Starting price" price={product.startingPrice} />
                  {product.retailPrice && <LabelledPrice label="Retail" price={product.retailPrice} />}
                  {product.weight && <span>{product.weight}</span>}
                  {product.purity && <span>{product.purity}</span>}
                </div>
                <p className="text-xs text-muted-foreground">Submitted {formatDate(product.createdAt)}</p>
              </div>
              <ReviewButtons
                review={review}
                id={product.id}
                className="flex shrink-0 gap-2 sm:flex-col"
                onApprove={() => setApproving(product)}
              />
            </CardContent>
          </Card>
        )}
      </QueryGrid>
      <ApproveProductDialog
        product={approving}
        busy={review.isPending}
        onOpenChange={(open) => !open && setApproving(null)}
        onApprove={(approval) => {
          if (!approving) return;
          review.mutate(
            { id: approving.id, decision: "approve", approval },
            { onSuccess: () => setApproving(null) },
          );
        }}
      />
    </>
  );
}
