import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from "@tanstack/react-query";
import { EmptyState } from "@web/components/empty-state.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { getServerMessage } from "@web/lib/api-client.ts";
import type { ComponentProps, ReactNode } from "react";
import { DASHBOARD_PLACEHOLDERS } from "#shared/constants";
import type { Page } from "#shared/schemas/pages";

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

/** What a list page shows when it has nothing (its title an h2, right under the page's h1). */
export function EmptyList(props: Omit<ComponentProps<typeof EmptyState>, "headingLevel">) {
  return <EmptyState {...props} headingLevel={2} />;
}

/** A failed list read: the server's message (or `fallback`) and a retry. */
export function ListError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center text-sm text-destructive"
    >
      <p>{getServerMessage(error, fallback)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** What a list shows instead of its items: the placeholders while it loads, else the error with a retry. */
function pendingOrFailed(
  query: Pick<UseQueryResult, "isPending" | "error" | "refetch">,
  errorFallback: string,
): ReactNode {
  return query.isPending ? (
    <ListPlaceholders />
  ) : (
    <ListError error={query.error} fallback={errorFallback} onRetry={() => void query.refetch()} />
  );
}

/**
 * A list read whole: placeholders while it loads, the error with a retry, `empty` when it has no
 * items, otherwise what `children` makes of the items.
 */
export function QueryList<T>({
  query,
  errorFallback,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  errorFallback: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending || query.isError) return pendingOrFailed(query, errorFallback);
  return query.data.length === 0 ? empty : children(query.data);
}

/**
 * A list page's body, read a page at a time: placeholders while it loads, the error with a retry,
 * `empty` when it has no items, otherwise the loaded items (rendered by `children` inside a grid,
 * `className`), then "Load more" while there are more.
 */
export function PagedQueryList<T>({
  query,
  errorFallback,
  empty,
  loadMoreLabel = "Load more",
  className = "grid gap-4",
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  errorFallback: string;
  empty: ReactNode;
  loadMoreLabel?: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending || query.isError) return pendingOrFailed(query, errorFallback);
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return empty;
  return (
    <>
      <div className={className}>{items.map((item) => children(item))}</div>
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? "Loading..." : loadMoreLabel}
          </Button>
        </div>
      ) : null}
    </>
  );
}
