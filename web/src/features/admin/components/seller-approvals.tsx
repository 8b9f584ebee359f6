import { useQuery } from "@tanstack/react-query";
import { EmptyState } from "@web/components/empty-state.tsx";
import { QueryList } from "@web/components/list-states.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { formatDate } from "@web/lib/format-date.ts";
import { Store } from "lucide-react";
import { adminQueries } from "../api/queries.ts";
import { useReviewSeller } from "../api/review-seller.ts";
import { ReviewButtons } from "./review-buttons.tsx";

export function SellerApprovals() {
  const sellers = useQuery(adminQueries.pendingSellers());
  const review = useReviewSeller();

  return (
    <QueryList
      query={sellers}
      errorFallback="Could not load seller applications"
      empty={
        <EmptyState
          icon={Store}
          title="No Pending Applications"
          description="New seller applications appear here."
        />
      }
    >
      {(items) => (
        <div className="grid gap-4">
          {items.map((seller) => (
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
          ))}
        </div>
      )}
    </QueryList>
  );
}
