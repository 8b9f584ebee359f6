import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useUser } from "@web/lib/current-user.ts";
import { subscribeToLive, watchLive } from "@web/lib/realtime/live.ts";
import { useEffect, useRef } from "react";
import type { AuctionDetail, AuctionMessage, AuctionSummary } from "#shared/schemas/auctions";
import { auctionQueries } from "../api/queries.ts";
import { applyMessage, applyMessageToDetail } from "../lib/cache-merge.ts";
import { recordServerTime } from "../lib/server-clock.ts";
import { readSocketMessage } from "../lib/socket-messages.ts";
import { celebrateWin } from "../lib/winner-store.ts";

/** Writes a message's new state into the list and the detail caches at once (no refetch needed). */
export function applyMessageToCache(queryClient: QueryClient, message: AuctionMessage) {
  queryClient.setQueryData<AuctionSummary[]>(auctionQueries.list().queryKey, (list) =>
    list?.map((auction) => applyMessage(auction, message)),
  );
  queryClient.setQueryData<AuctionDetail>(auctionQueries.detail(message.auctionId).queryKey, (detail) =>
    detail ? applyMessageToDetail(detail, message) : detail,
  );
}

function productNameOf(queryClient: QueryClient, auctionId: string): string {
  const detail = queryClient.getQueryData<AuctionDetail>(auctionQueries.detail(auctionId).queryKey);
  const listed = queryClient
    .getQueryData<AuctionSummary[]>(auctionQueries.list().queryKey)
    ?.find((a) => a.id === auctionId);
  return detail?.product.name ?? listed?.product.name ?? "your auction";
}

/**
 * Subscribes to live updates while mounted (the stage's transport: lib/realtime/live.ts), hearing only
 * `auctionIds` (what the page shows):
 * `bid_placed` / `auction_ended` update the cache at once, and an `auction_ended` won by the signed-in
 * user opens the winner celebration.
 */
export function useAuctionLiveUpdates(auctionIds: readonly string[]) {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const userId = useRef<string | null>(null);
  userId.current = user?.id ?? null;

  useEffect(
    () =>
      subscribeToLive(queryClient, (raw) => {
        const message = readSocketMessage(raw);
        if (!message) return;
        if (message.type === "watching" || message.type === "error") return;
        recordServerTime(message.serverTime);
        if (message.type === "connected") return;
        applyMessageToCache(queryClient, message);
        if (message.type === "auction_ended" && message.winnerId && message.winnerId === userId.current) {
          celebrateWin({
            auctionId: message.auctionId,
            productName: productNameOf(queryClient, message.auctionId),
            finalPrice: message.finalPrice,
          });
        }
      }),
    [queryClient],
  );
  const watchKey = [...auctionIds].sort().join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the ids (order-free)
  useEffect(() => watchLive(auctionIds), [watchKey]);
}
