import { useQuery } from "@tanstack/react-query";
import { QueryGrid } from "@web/components/query-grid.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { formatDate } from "@web/lib/format-date.ts";
import { Store } from "lucide-react";
import { adminQueries } from "../api/queries.ts";
import { useReviewSeller } from "../api/review-seller.ts";
import { emptyTab } from "./empty-tab.tsx";
import { ReviewButtons } from "./review-buttons.tsx";

const NO_SELLERS = emptyTab(Store, "No Pending Applications", "New seller applications appear here.");

export function SellerApprovals() {
  const sellers = useQuery(adminQueries.pendingSellers());
  const review = useReviewSeller();

  return (
    <QueryGrid query={sellers} errorFallback="Could not load seller applications" empty={NO_SELLERS}>
      {(seller) => (
        <Card key={seller.id} data-testid="seller-application">
          <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between">
            <div className="grid min-w-0 gap-1">
              <h3 className="text-lg font-semibold">{seller.businessName}</h3>
              <p className="text-sm text-muted-foreground">
                {seller.user.username} · {seller.user.email}
              </p>
              {seller.description && <p className="text-sm">{seller.description}</p>}
              <p className="text-xs text-muted-foreground">Applied {formatDate(seller.createdAt)}</p>
            </div>
            <ReviewButtons review={review} id={seller.id} className="flex shrink-0 gap-2" />
          </CardContent>
        </Card>
      )}
    </QueryGrid>
  );
}
