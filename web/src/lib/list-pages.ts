import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { Page } from "#shared/schemas/pages";

/**
 * A list read a page at a time (`?limit=&cursor=`, docs/product.md section 7), for tables that load
 * more on demand, with the list's server filters (`?q=` and the like). The key starts with the list's path, so invalidating the list's own key refreshes
 * the pages too.
 */
export function listPagesQuery<T>(path: string, limit = 50, filters: Record<string, string> = {}) {
  // Empty filters are left out, so "no search" and the plain list share a key and an address.
  const given = Object.entries(filters).filter(([, value]) => value !== "");
  const filterQuery = given.map(([name, value]) => `&${name}=${encodeURIComponent(value)}`).join("");
  return infiniteQueryOptions({
    queryKey: [path, "pages", limit, ...(given.length ? [Object.fromEntries(given)] : [])] as const,
    queryFn: ({ pageParam }) =>
      api.get<Page<T>>(
        `${path}?limit=${limit}${filterQuery}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
