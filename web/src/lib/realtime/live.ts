/**
 * Live updates, whichever transport the stage has (GET /api/config `live`): the AppSync Event API
 * (lib/realtime/events-client.ts, loaded only then, after first paint) or the WebSocket API (lib/realtime/socket.ts).
 * Both hand the page the same messages (`bid_placed`, `auction_ended`); the socket also `connected`.
 */
import type { QueryClient } from "@tanstack/react-query";
import { appConfigQuery } from "../app-config.ts";
import { subscribeToSocket, watchAuctions } from "./socket.ts";

type Listener = (message: Record<string, unknown>) => void;

interface Transport {
  subscribe(listener: Listener): () => void;
  watch(auctionIds: readonly string[]): void;
}

const socketTransport: Transport = { subscribe: subscribeToSocket, watch: watchAuctions };

let transport: Promise<Transport> | null = null;
/** The page's set, kept until the transport is there; null until a page says (the socket then hears all). */
let watched: readonly string[] | null = null;

function transportOf(queryClient: QueryClient): Promise<Transport> {
  transport ??= queryClient
    .fetchQuery(appConfigQuery())
    .then(async ({ live }) =>
      live?.transport === "events"
        ? (await import("./events-client.ts")).eventsTransport(live)
        : socketTransport,
    )
    .catch(() => socketTransport);
  return transport;
}

/** Receives every live message while subscribed; returns the unsubscribe. */
export function subscribeToLive(queryClient: QueryClient, listener: Listener): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  void transportOf(queryClient).then((t) => {
    if (cancelled) return;
    stop = t.subscribe(listener);
    if (watched) t.watch(watched);
  });
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** The auctions the page shows: only those are heard. */
export function watchLive(auctionIds: readonly string[]) {
  watched = auctionIds;
  void transport?.then((t) => t.watch(auctionIds));
}
