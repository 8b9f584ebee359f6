import { useQuery } from "@tanstack/react-query";
import { EmptyState } from "@web/components/empty-state.tsx";
import { QueryList } from "@web/components/list-states.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { MetalBadge } from "@web/components/ui/badge.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { formatDate } from "@web/lib/format-date.ts";
import { PackageCheck } from "lucide-react";
import { useState } from "react";
import { formatPrice } from "#shared/money";
import type { AdminProduct } from "#shared/schemas/admin";
import { formatWeight } from "#shared/weight";
import { adminQueries } from "../api/queries.ts";
import { useReviewProduct } from "../api/review-product.ts";
import { ApproveProductDialog } from "./approve-product-dialog.tsx";
import { ReviewButtons } from "./review-buttons.tsx";

export function ProductApprovals() {
  const products = useQuery(adminQueries.pendingProducts());
  const review = useReviewProduct();
  const [approving, setApproving] = useState<AdminProduct | null>(null);

  return (
    <QueryList
      query={products}
      errorFallback="Could not load products awaiting review"
      empty={
        <EmptyState
          icon={PackageCheck}
          title="No Pending Products"
          description="Products sellers submit appear here."
        />
      }
    >
      {(items) => (
        <div className="grid gap-4">
          {items.map((product) => (
            <Card key={product.id} data-testid="product-application">
              <CardContent className="flex flex-col gap-4 p-5 sm:flex-row">
                <ProductPhoto product={product} frame className="aspect-[4/3] w-full sm:w-40" />
                <div className="grid min-w-0 flex-1 content-start gap-1.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-lg font-semibold">{product.name}</h3>
                    <MetalBadge metalType={product.metalType} />
                  </div>
                  <p className="line-clamp-3 text-sm text-muted-foreground">{product.description}</p>
                  <p className="text-sm">
                    <span className="text-muted-foreground">Seller:</span> {product.seller.businessName}
                  </p>
                  <div className="flex flex-wrap gap-x-4 text-sm">
                    <span>
                      <span className="text-muted-foreground">Starting price:</span>{" "}
                      <strong>{formatPrice(product.startingPrice)}</strong>
                    </span>
                    {product.retailPrice && (
                      <span>
                        <span className="text-muted-foreground">Retail:</span>{" "}
                        <strong>{formatPrice(product.retailPrice)}</strong>
                      </span>
                    )}
                    {product.weight && <span>{formatWeight(product.weight)}</span>}
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
          ))}
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
        </div>
      )}
    </QueryList>
  );
}
