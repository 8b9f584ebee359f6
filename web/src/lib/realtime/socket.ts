/**
 * The live-update socket (docs/product.md sections 7 and 9): `/ws` on the page's own host, `wss:` when the
 * page is secure. One connection per tab, shared by every subscriber (shared-connection.ts: it reconnects
 * after a close, and outlives the last subscriber by a second). Messages are JSON objects; a malformed one is ignored. Once a page says
 * which auctions it shows (`watchAuctions`), the socket hears only about those, also after reconnecting.
 */
import { MAX_WATCHED_AUCTIONS } from "#shared/constants";
import { sharedConnection } from "./shared-connection.ts";

export function socketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

type Listener = (message: Record<string, unknown>) => void;

const connection = sharedConnection<Listener>(open);
/** The auctions the page shows, sorted; null until a page says (the socket then hears about all). */
let watched: string[] | null = null;

/** The set to watch: unique, at most the server's limit, keeping the caller's order when cutting. */
export function watchSet(auctionIds: readonly string[]): string[] {
  return [...new Set(auctionIds)].slice(0, MAX_WATCHED_AUCTIONS).sort();
}

/**
 * At most one `watch` frame a second: the server answers more than MAX_SOCKET_FRAMES a minute (functions/domain/realtime-limits.ts) with
 * an error, and a grid that renders in stages, or a visitor moving quickly between pages, changes the set
 * many times a second. A change within the second is sent when it ends, as the latest set.
 */
export const WATCH_MIN_INTERVAL_MS = 1000;
let lastWatchSentAt = Number.NEGATIVE_INFINITY;
let watchTimer: ReturnType<typeof setTimeout> | null = null;

function sendWatch(ws: WebSocket | null) {
  if (watchTimer) clearTimeout(watchTimer);
  watchTimer = null;
  if (watched && ws?.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify({ type: "watch", auctionIds: watched }));
    lastWatchSentAt = Date.now();
  }
}

/** Narrows what the socket hears to these auctions (sent again only when the set changes). */
export function watchAuctions(auctionIds: readonly string[]) {
  const next = watchSet(auctionIds);
  if (watched && watched.join() === next.join()) return;
  watched = next;
  if (watchTimer) return;
  const wait = lastWatchSentAt + WATCH_MIN_INTERVAL_MS - Date.now();
  if (wait <= 0) sendWatch(connection.socket);
  else watchTimer = setTimeout(() => sendWatch(connection.socket), wait);
}

function open(): WebSocket {
  const ws = new WebSocket(socketUrl(window.location));
  ws.onopen = () => {
    connection.connected();
    // The server answers with `connected` (and its clock): it cannot speak first (API Gateway).
    ws.send(JSON.stringify({ type: "hello" }));
    sendWatch(ws);
  };
  ws.onmessage = (event) => {
    let message: unknown;
    try {
      message = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (!message || typeof message !== "object") return;
    for (const listener of connection.listeners) listener(message as Record<string, unknown>);
  };
  return ws;
}

/** Receives every message while subscribed; returns the unsubscribe. The last one out closes the socket. */
export function subscribeToSocket(listener: Listener): () => void {
  return connection.subscribe(listener);
}
