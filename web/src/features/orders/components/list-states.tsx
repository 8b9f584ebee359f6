import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from "@tanstack/react-query";
import { EmptyState } from "@web/components/empty-state.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { getServerMessage } from "@web/lib/api-client.ts";
import type { ComponentProps, ReactNode } from "react";
import type { Page } from "#shared/schemas/pages";

/** Placeholders while a list loads. */
export function ListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="grid gap-4" data-testid="list-loading">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Skeleton key={i} className="h-32 w-full rounded-xl" />
      ))}
    </div>
  );
}

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

/**
 * A list page's body: placeholders while it loads, the error with a retry, `empty` when it has no
 * items, otherwise every item rendered by `children` inside a grid (`className`).
 */
export function QueryList<T>({
  query,
  errorFallback,
  empty,
  className = "grid gap-4",
  children,
}: {
  query: UseQueryResult<T[]>;
  errorFallback: string;
  empty: ReactNode;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return <ListError error={query.error} fallback={errorFallback} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) return empty;
  return <div className={className}>{query.data.map((item) => children(item))}</div>;
}

/** QueryList for a list read a page at a time: the loaded items, then "Load more" while there are more. */
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
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return <ListError error={query.error} fallback={errorFallback} onRetry={() => void query.refetch()} />;
  }
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
