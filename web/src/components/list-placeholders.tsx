import { Card, CardContent } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { DASHBOARD_PLACEHOLDERS } from "#shared/constants";

/** The loading state of a dashboard list: docs/product.md's 3 placeholder rows. */
export function ListPlaceholders({ count = DASHBOARD_PLACEHOLDERS }: { count?: number }) {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading">
      {placeholderIds(count).map((id) => (
        <Card key={id} data-testid="list-placeholder">
          <CardContent className="flex items-center gap-4 p-4">
            <Skeleton className="size-20 shrink-0 rounded-lg" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/4" />
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

const placeholderIds = (count: number) => Array.from({ length: count }, (_, n) => `placeholder-${n}`);
