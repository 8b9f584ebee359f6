import { type QueryClient, queryOptions, replaceEqualDeep } from "@tanstack/react-query";
import { api, getErrorStatus } from "@web/lib/api-client.ts";
import { POLL_INTERVAL_MS } from "#shared/constants";
import type { AgentView } from "#shared/schemas/agents";
import type { AuctionDetail, AuctionSummary } from "#shared/schemas/auctions";
import { keepNewerAuction, keepNewerAuctionList, keepUnchangedAuctions } from "../lib/cache-merge.ts";
import { recordServerTime } from "../lib/server-clock.ts";

/** GET /api/auctions: the live auctions, ending soonest first. */
async function getAuctions(): Promise<AuctionSummary[]> {
  const { data: auctions, receivedAt } = await api.getTimed<AuctionSummary[]>("/api/auctions");
  recordServerTime(auctions[0]?.serverTime, receivedAt);
  return auctions;
}

/** GET /api/auctions/{id}: the auction with product, seller, latest bids and winner. */
async function getAuction(id: string): Promise<AuctionDetail> {
  const { data: auction, receivedAt } = await api.getTimed<AuctionDetail>(
    `/api/auctions/${encodeURIComponent(id)}`,
  );
  recordServerTime(auction.serverTime, receivedAt);
  return auction;
}

/** GET /api/auctions/{id}/agent: the caller's Bid Agent, or null (200) when they never booked one. */
function getAgent(auctionId: string): Promise<AgentView | null> {
  return api.get<AgentView | null>(`/api/auctions/${encodeURIComponent(auctionId)}/agent`);
}

/** Every read of the auctions feature; each key is the path it reads (docs/product.md section 7). */
export const auctionQueries = {
  /**
   * The live list, polled every second (docs/product.md section 7); socket messages update the same
   * cache in between. Its key prefixes every other auction key.
   */
  list: () =>
    queryOptions({
      queryKey: ["/api/auctions"] as const,
      queryFn: getAuctions,
      staleTime: 0,
      refetchInterval: POLL_INTERVAL_MS,
      structuralSharing: (cached, incoming) =>
        replaceEqualDeep(
          cached,
          keepUnchangedAuctions(
            cached as AuctionSummary[] | undefined,
            keepNewerAuctionList(cached as AuctionSummary[] | undefined, incoming as AuctionSummary[]),
          ),
        ),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ["/api/auctions", id] as const,
      queryFn: () => getAuction(id),
      staleTime: 0,
      // An auction that does not exist stays missing: stop asking every second.
      refetchInterval: (query) => (getErrorStatus(query.state.error) === 404 ? false : POLL_INTERVAL_MS),
      structuralSharing: (cached, incoming) =>
        replaceEqualDeep(
          cached,
          keepNewerAuction(cached as AuctionDetail | undefined, incoming as AuctionDetail),
        ),
    }),
  agent: (auctionId: string) =>
    queryOptions({
      queryKey: ["/api/auctions", auctionId, "agent"] as const,
      queryFn: () => getAgent(auctionId),
      // While it works, its credits move every few seconds.
      refetchInterval: (query) => (query.state.data?.status === "active" ? 2000 : false),
    }),
};

/**
 * An auction opened directly whose answer the boot script already has as the app starts (the shell
 * shows its title from it, web/shells.ts): the cache starts with that answer, so the app's first render
 * is the auction itself, not a skeleton without the title shown a moment before. The query's first
 * read still adopts the boot script's request (no second GET: the poll follows a second later), and
 * finds the same auction.
 */
export function primeAuctionDetail(
  queryClient: QueryClient,
  id: string,
  answer: { data: unknown; receivedAt: number },
): void {
  const auction = answer.data as AuctionDetail;
  recordServerTime(auction.serverTime, answer.receivedAt);
  queryClient.setQueryData(auctionQueries.detail(id).queryKey, auction, { updatedAt: answer.receivedAt });
}
