/**
 * The signed-in user's watchlist: the star on an auction card (auctions feature) and on the Watching
 * page (watchlist feature) read and change the same list, so the read lives here.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { WATCHLIST_PATH } from "@web/lib/watchlist-path.ts";
import { MAX_PAGE_LIMIT } from "#shared/constants";
import type { WatchlistChange, WatchlistPage } from "#shared/schemas/watchlist";

/** Every watched auction's id: the stars read it (one request per hundred watched auctions). */
export function watchedIdsQuery() {
  return queryOptions({
    queryKey: [WATCHLIST_PATH, "ids"] as const,
    queryFn: async () => {
      const ids = new Set<string>();
      let cursor: string | null = null;
      do {
        const page: WatchlistPage = await api.get<WatchlistPage>(
          `${WATCHLIST_PATH}?limit=${MAX_PAGE_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        for (const auction of page.items) ids.add(auction.id);
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    },
  });
}

/** Whether the signed-in user watches the auction (false while unknown or signed out). */
export function useIsWatching(auctionId: string, signedIn: boolean): boolean {
  const { data } = useQuery({ ...watchedIdsQuery(), enabled: signedIn });
  return data?.has(auctionId) ?? false;
}

/** Stars or unstars an auction; the stars change at once, and every watchlist read is refreshed after. */
export function useSetWatching() {
  const queryClient = useQueryClient();
  const idsKey = watchedIdsQuery().queryKey;
  return useMutation({
    mutationFn: ({ auctionId, watching }: { auctionId: string; watching: boolean }) => {
      const path = `${WATCHLIST_PATH}/${encodeURIComponent(auctionId)}`;
      return watching ? api.put<WatchlistChange>(path) : api.delete<WatchlistChange>(path);
    },
    onMutate: ({ auctionId, watching }) => {
      const before = queryClient.getQueryData(idsKey);
      const next = new Set(before);
      if (watching) next.add(auctionId);
      else next.delete(auctionId);
      queryClient.setQueryData(idsKey, next);
      return { before };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(idsKey, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [WATCHLIST_PATH] }),
    meta: { errorToast: { fallback: "Could not change your watchlist" } },
  });
}
