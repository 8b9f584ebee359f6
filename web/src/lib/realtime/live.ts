/**
 * Live updates, whichever transport the stage has (GET /api/config `live`): the AppSync Event API
 * (lib/realtime/events-client.ts) or the WebSocket API (lib/realtime/socket.ts), each loaded only when
 * the stage has it, after first paint.
 * Both hand the page the same messages (`bid_placed`, `auction_ended`); the socket also `connected`.
 */
import type { QueryClient } from "@tanstack/react-query";
import { appConfigQuery } from "../app-config.ts";

type Listener = (message: Record<string, unknown>) => void;

interface Transport {
  subscribe(listener: Listener): () => void;
  watch(auctionIds: readonly string[]): void;
}

async function socketTransport(): Promise<Transport> {
  const { subscribeToSocket, watchAuctions } = await import("./socket.ts");
  return { subscribe: subscribeToSocket, watch: watchAuctions };
}

/**
 * When neither client loads (the network dropped): the page goes on with what its reads bring, and
 * the next page that subscribes tries again.
 */
const noTransport: Transport = { subscribe: () => () => {}, watch: () => {} };

let transport: Promise<Transport> | null = null;
/** The page's set, kept until the transport is there; null until a page says (the socket then hears all). */
let watched: readonly string[] | null = null;

function transportOf(queryClient: QueryClient): Promise<Transport> {
  transport ??= queryClient
    .fetchQuery(appConfigQuery())
    .then(async ({ live }) =>
      live?.transport === "events"
        ? (await import("./events-client.ts")).eventsTransport(live)
        : socketTransport(),
    )
    .catch(socketTransport)
    .catch(() => {
      transport = null;
      return noTransport;
    });
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
