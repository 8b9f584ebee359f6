/**
 * What the live-update tests share: a watcher of one auction over either transport, and a broadcaster
 * whose stream batches can be held back.
 *
 *   const local = useLocalGateway({ streams: true, events: true, loader: streamGatedLoader });
 *   describe.each(liveTransports)("over %s", (transport) => {
 *     const { watch } = useWatchers(local, transport);
 *     it("…", async () => { const watcher = await watch(auctionId); … await watcher.settle(); });
 *   });
 *
 * `events` is a subscriber written from AWS's protocol description (tests/support/appsync-events-client.ts)
 * on the Event API stand-in; `websocket` is a socket of the WebSocket API that sent `watch`, with the
 * broadcaster's Event API switched off (EVENT_API_HTTP_ENDPOINT unset) while its describe runs.
 */
import { randomUUID } from "node:crypto";
import type { Context } from "aws-lambda";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import WebSocket from "ws";
import type { AuctionMessage, SocketMessage } from "#shared/schemas/auctions";
import { eventHandlers } from "../../../functions/routes.ts";
import { type HandlerLoader, loadHandler } from "../../../scripts/local/handlers.ts";
import { connectEventsClient, publishWithKey } from "../../support/appsync-events-client.ts";
import type { LocalGatewayHandle } from "../support/local-gateway.ts";

export type LiveTransport = "events" | "websocket";
export const liveTransports: readonly LiveTransport[] = ["events", "websocket"];

/** A state as a watcher gets it; the Event API's carry their order key. */
export type LiveMessage = AuctionMessage & { orderKey?: number };

export interface Watcher {
  /** The auction states this watcher has received, in the order they arrived. */
  readonly messages: readonly LiveMessage[];
  /** The first received state that fits, at once if it is in already, else as it arrives. */
  next(fits: (message: LiveMessage) => boolean): Promise<LiveMessage>;
  /**
   * Resolves once everything sent so far has reached this watcher: the stream has handed what was
   * written before to the broadcaster, the direct runs are over, and a marker sent after them has
   * arrived (one connection's frames arrive in order). What is not in `messages` then never came.
   */
  settle(): Promise<void>;
  close(): void;
}

let streamHeld: Promise<void> | null = null;
let releaseHeld = () => {};

/**
 * Holds the stream's batches to the broadcaster back until the returned function is called: a test
 * that asserts the direct path delivered a state holds the stream until the watcher has it, so a busy
 * machine cannot let the stream win the race; released, the stream must then find the state
 * delivered and send nothing. Needs `streamGatedLoader` as the local stack's loader.
 */
export function holdStream(): () => void {
  releaseHeld();
  let release = () => {};
  streamHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  releaseHeld = () => {
    streamHeld = null;
    release();
  };
  return releaseHeld;
}

/** The real handlers, with the broadcaster's stream batches waiting while `holdStream()` holds them. */
export const streamGatedLoader: HandlerLoader = async (handlerId) => {
  const handler = await loadHandler(handlerId);
  if (!handler || handlerId !== eventHandlers.broadcaster) return handler;
  return async (event: unknown, context: Context) => {
    if (streamHeld && typeof event === "object" && event !== null && "Records" in event) await streamHeld;
    return handler(event, context);
  };
};

// A test that fails while holding the stream must not leave the next one's batches held.
afterEach(() => releaseHeld());

/** Messages in arrival order, with waiters woken on each one. */
function inbox<T>() {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    add(item: T) {
      items.push(item);
      for (const wake of [...waiters]) wake();
    },
    next(fits: (item: T) => boolean, from = 0): Promise<T> {
      return new Promise<T>((resolve) => {
        const check = () => {
          const found = items.slice(from).find(fits);
          if (found === undefined) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

async function drained(local: LocalGatewayHandle) {
  await local.poller?.drain();
  await local.live?.idle();
}

/**
 * A socket of the WebSocket API watching `auctionId`, or with `null` one that never sent `watch` (it
 * hears every auction); `hello` → `connected` is its marker.
 */
async function socketWatcher(local: LocalGatewayHandle, auctionId: string | null): Promise<Watcher> {
  const ws = new WebSocket(`${local.url.replace(/^http/, "ws")}/ws`);
  const frames = inbox<SocketMessage>();
  const messages: LiveMessage[] = [];
  ws.on("message", (data) => {
    const frame = JSON.parse(String(data)) as SocketMessage;
    if (frame.type === "bid_placed" || frame.type === "auction_ended") messages.push(frame);
    frames.add(frame);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  if (auctionId !== null) {
    ws.send(JSON.stringify({ type: "watch", auctionIds: [auctionId] }));
    expect(await frames.next((m) => m.type === "watching" || m.type === "error")).toEqual({
      type: "watching",
      auctionIds: [auctionId],
    });
  }
  const isState = (m: SocketMessage): m is AuctionMessage =>
    m.type === "bid_placed" || m.type === "auction_ended";
  return {
    messages,
    next: (fits) => frames.next((m) => isState(m) && fits(m)) as Promise<LiveMessage>,
    async settle() {
      await drained(local);
      const from = frames.items.length;
      ws.send(JSON.stringify({ type: "hello" }));
      await frames.next((m) => m.type === "connected", from);
    },
    close: () => ws.terminate(),
  };
}

let markers = 0;

/**
 * A subscriber of the Event API stand-in on `channel` (`/auctions/<id>`, or a wildcard such as
 * `/auctions/*`); its marker is an event published with the API key to a channel it hears.
 */
export async function eventsWatcher(local: LocalGatewayHandle, channel: string): Promise<Watcher> {
  const address = local.events;
  if (!address) throw new Error("eventsWatcher(): the local stack runs without the Event API (events: true)");
  const client = await connectEventsClient(address);
  const received = inbox<LiveMessage | { marker: string }>();
  const messages: LiveMessage[] = [];
  const id = randomUUID();
  // Sees every frame as it arrives, from before the subscription is confirmed on.
  void client.next((frame) => {
    if (frame.type !== "data" || frame.id !== id) return false;
    const event = JSON.parse(frame.event as string) as LiveMessage | { marker: string };
    if (!("marker" in event)) messages.push(event);
    received.add(event);
    return false;
  });
  expect((await client.subscribe(channel, { id })).type).toBe("subscribe_success");
  return {
    messages,
    next: (fits) => received.next((m) => !("marker" in m) && fits(m)) as Promise<LiveMessage>,
    async settle() {
      await drained(local);
      const marker = `settle-${++markers}`;
      const markerChannel = channel.endsWith("/*") ? `${channel.slice(0, -1)}${marker}` : channel;
      const from = received.items.length;
      expect((await publishWithKey(address, markerChannel, [{ marker }])).status).toBe(200);
      await received.next((m) => "marker" in m && m.marker === marker, from);
    },
    close: () => client.close(),
  };
}

/**
 * Inside a describe: the broadcaster uses `transport` while it runs. The local stack runs with
 * `events: true`; `websocket` turns the broadcaster's Event API off (EVENT_API_HTTP_ENDPOINT unset).
 */
export function useLiveTransport(transport: LiveTransport): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.EVENT_API_HTTP_ENDPOINT;
    if (transport === "websocket") delete process.env.EVENT_API_HTTP_ENDPOINT;
    else if (!saved) throw new Error("useLiveTransport('events'): start the local stack with events: true");
  });
  afterAll(() => {
    process.env.EVENT_API_HTTP_ENDPOINT = saved;
  });
}

export interface Watchers {
  /** A watcher of one auction: its channel, or a socket that sent `watch` for it. */
  watch(auctionId: string): Promise<Watcher>;
  /** A watcher of every auction: `/auctions/*`, or a socket that never sent `watch`. */
  watchEverything(): Promise<Watcher>;
}

/** Inside a describe: `useLiveTransport(transport)`, and watchers on it (closed when the describe ends). */
export function useWatchers(local: LocalGatewayHandle, transport: LiveTransport): Watchers {
  useLiveTransport(transport);
  const opened: Watcher[] = [];
  afterAll(() => {
    for (const watcher of opened) watcher.close();
  });
  const open = async (auctionId: string | null) => {
    const watcher =
      transport === "events"
        ? await eventsWatcher(local, `/auctions/${auctionId ?? "*"}`)
        : await socketWatcher(local, auctionId);
    opened.push(watcher);
    return watcher;
  };
  return { watch: (auctionId) => open(auctionId), watchEverything: () => open(null) };
}

/** `"<type> <totalBids>"` for each of `auctionId`'s states a watcher received, in order. */
export const statesOf = (watcher: Watcher, auctionId: string) =>
  watcher.messages.filter((m) => m.auctionId === auctionId).map((m) => `${m.type} ${m.totalBids}`);
