/**
 * Live updates from the AppSync Event API (docs/architecture.md section 4), our own small client of
 * its WebSocket protocol (docs/decisions.md: aws-amplify's is ~56 KB gzip): one connection with the
 * subprotocols `aws-appsync-event-ws` and `header-<base64url of {host, x-api-key}>`, `connection_init`,
 * one `subscribe` per auction the page shows (`/auctions/<id>`), `unsubscribe` when it leaves the page.
 * A reconnect (after the close, or after `connectionTimeoutMs` without `ka`) subscribes again. Each
 * event carries an order key: one not newer than the last applied for its auction is dropped.
 * Loaded on demand (lib/realtime/live.ts), after first paint.
 */
import { sharedConnection } from "./shared-connection.ts";
import { watchSet } from "./socket.ts";

export interface EventsLiveConfig {
  realtimeEndpoint: string;
  httpEndpoint: string;
  apiKey: string;
  channelPrefix: string;
}

type Listener = (message: Record<string, unknown>) => void;

/** The protocol's authorization header, as a subprotocol: base64url of its JSON, unpadded. */
export function headerSubprotocol(authorization: Record<string, string>): string {
  const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(authorization))));
  return `header-${base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

/** True when `orderKey` is newer than the last one applied (`seen`), so the event is applied. */
export function isNewerEvent(seen: number | undefined, orderKey: unknown): boolean {
  return typeof orderKey === "number" && (seen === undefined || orderKey > seen);
}

export function eventsTransport(config: EventsLiveConfig) {
  const authorization = { host: new URL(config.httpEndpoint).host, "x-api-key": config.apiKey };
  /** The auctions the page shows. */
  let wanted: string[] = [];
  /** Per auction, the subscription id on the current connection. */
  let subscribed = new Map<string, string>();
  const seen = new Map<string, number>();
  let acked = false;
  let nextId = 0;
  let kaTimer: ReturnType<typeof setTimeout> | null = null;
  let connectionTimeoutMs = 300_000;
  const connection = sharedConnection<Listener>(open, () => {
    acked = false;
    if (kaTimer) clearTimeout(kaTimer);
  });

  const send = (frame: unknown) => connection.socket?.send(JSON.stringify(frame));

  /** Brings the connection's subscriptions to `wanted`. */
  function sync() {
    if (!connection.socket || !acked) return;
    for (const [auctionId, id] of subscribed) {
      if (wanted.includes(auctionId)) continue;
      send({ type: "unsubscribe", id });
      subscribed.delete(auctionId);
    }
    for (const auctionId of wanted) {
      if (subscribed.has(auctionId)) continue;
      const id = `s${++nextId}`;
      subscribed.set(auctionId, id);
      send({ type: "subscribe", id, channel: `${config.channelPrefix}/${auctionId}`, authorization });
    }
  }

  function keepAliveWatch() {
    if (kaTimer) clearTimeout(kaTimer);
    // No `ka` within the announced time: the connection is dead though not closed.
    kaTimer = setTimeout(() => connection.socket?.close(), connectionTimeoutMs);
  }

  function onFrame(frame: Record<string, unknown>) {
    switch (frame.type) {
      case "connection_ack":
        acked = true;
        connection.connected();
        if (typeof frame.connectionTimeoutMs === "number") connectionTimeoutMs = frame.connectionTimeoutMs;
        keepAliveWatch();
        sync();
        return;
      case "ka":
        keepAliveWatch();
        return;
      case "data": {
        let event: unknown;
        try {
          event = JSON.parse(String(frame.event));
        } catch {
          return;
        }
        if (!event || typeof event !== "object") return;
        const message = event as Record<string, unknown>;
        const auctionId = String(message.auctionId);
        if (!isNewerEvent(seen.get(auctionId), message.orderKey)) return;
        seen.set(auctionId, message.orderKey as number);
        for (const listener of connection.listeners) listener(message);
        return;
      }
      case "subscribe_error":
        // Lets a later sync try again (the next change of the page's set, or a reconnect).
        for (const [auctionId, id] of subscribed) if (id === frame.id) subscribed.delete(auctionId);
        return;
    }
  }

  function open(): WebSocket {
    acked = false;
    subscribed = new Map();
    const ws = new WebSocket(config.realtimeEndpoint, [
      "aws-appsync-event-ws",
      headerSubprotocol(authorization),
    ]);
    ws.onopen = () => ws.send(JSON.stringify({ type: "connection_init" }));
    ws.onmessage = (event) => {
      try {
        const frame = JSON.parse(String(event.data));
        if (frame && typeof frame === "object") onFrame(frame as Record<string, unknown>);
      } catch {
        // A malformed frame is ignored, as on the socket.
      }
    };
    return ws;
  }

  return {
    subscribe: (listener: Listener) => connection.subscribe(listener),
    watch(auctionIds: readonly string[]) {
      wanted = watchSet(auctionIds);
      sync();
    },
  };
}
