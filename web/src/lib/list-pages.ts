import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { Page } from "#shared/schemas/pages";

/**
 * A list read a page at a time (`?limit=&cursor=`, docs/product.md section 7), for tables that load
 * more on demand. The key starts with the list's path, so invalidating the list's own key refreshes
 * the pages too.
 */
export function listPagesQuery<T>(path: string, limit = 50) {
  return infiniteQueryOptions({
    queryKey: [path, "pages", limit] as const,
    queryFn: ({ pageParam }) =>
      api.get<Page<T>>(
        `${path}?limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
