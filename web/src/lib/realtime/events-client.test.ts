import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Frame = Record<string, unknown> & { type: string };

/** A WebSocket that opens at once and records what the page sends; `serve` plays the Event API. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: Frame[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
    queueMicrotask(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  serve(frame: Frame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
}

const config = {
  httpEndpoint: "https://abc.appsync-api.eu-west-1.amazonaws.com/event",
  realtimeEndpoint: "wss://abc.appsync-realtime-api.eu-west-1.amazonaws.com/event/realtime",
  apiKey: "da2-public",
  channelPrefix: "/auctions",
};
const latest = () => FakeSocket.all.at(-1)!;
const subscribes = (socket = latest()) => socket.sent.filter((f) => f.type === "subscribe");

describe("the Event API client", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    FakeSocket.all = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function connected() {
    const { eventsTransport } = await import("./events-client.ts");
    const live = eventsTransport(config);
    const heard: Record<string, unknown>[] = [];
    live.subscribe((m) => heard.push(m));
    await vi.advanceTimersByTimeAsync(0);
    latest().serve({ type: "connection_ack", connectionTimeoutMs: 300_000 });
    return { live, heard };
  }

  it("connects with both subprotocols and subscribes only to the auctions the page shows", async () => {
    const { live } = await connected();
    const socket = latest();
    expect(socket.url).toBe(config.realtimeEndpoint);
    const header = socket.protocols[1]!;
    expect(socket.protocols[0]).toBe("aws-appsync-event-ws");
    expect(JSON.parse(atob(header.slice("header-".length).replace(/-/g, "+").replace(/_/g, "/")))).toEqual({
      host: "abc.appsync-api.eu-west-1.amazonaws.com",
      "x-api-key": "da2-public",
    });
    expect(socket.sent[0]).toEqual({ type: "connection_init" });

    live.watch(["a", "b"]);
    expect(subscribes().map((f) => f.channel)).toEqual(["/auctions/a", "/auctions/b"]);
    expect(subscribes()[0]!.authorization).toEqual({
      host: "abc.appsync-api.eu-west-1.amazonaws.com",
      "x-api-key": "da2-public",
    });

    // The grid scrolls: b stays, a leaves, c comes; one connection throughout.
    live.watch(["b", "c"]);
    const aId = subscribes()[0]!.id;
    expect(socket.sent.filter((f) => f.type === "unsubscribe")).toEqual([{ type: "unsubscribe", id: aId }]);
    expect(subscribes().map((f) => f.channel)).toEqual(["/auctions/a", "/auctions/b", "/auctions/c"]);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("drops an event not newer than the last one applied for its auction", async () => {
    const { live, heard } = await connected();
    live.watch(["a", "b"]);
    const [a, b] = subscribes();
    const event = (id: unknown, auctionId: string, orderKey: number) =>
      latest().serve({
        type: "data",
        id,
        event: JSON.stringify({ type: "bid_placed", auctionId, orderKey }),
      });
    event(a!.id, "a", 4);
    event(a!.id, "a", 2);
    event(a!.id, "a", 4);
    event(b!.id, "b", 2);
    event(a!.id, "a", 6);
    expect(heard.map((m) => `${m.auctionId} ${m.orderKey}`)).toEqual(["a 4", "b 2", "a 6"]);
  });

  it("reconnects after a close and subscribes to the page's auctions again", async () => {
    const { live } = await connected();
    live.watch(["a"]);
    latest().close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(subscribes()).toEqual([]);
    latest().serve({ type: "connection_ack", connectionTimeoutMs: 300_000 });
    expect(subscribes().map((f) => f.channel)).toEqual(["/auctions/a"]);
  });

  it("closes (and reconnects) a connection that sent no ka within connectionTimeoutMs", async () => {
    await connected();
    const first = latest();
    first.serve({ type: "connection_ack", connectionTimeoutMs: 10_000 });
    await vi.advanceTimersByTimeAsync(9000);
    first.serve({ type: "ka" });
    await vi.advanceTimersByTimeAsync(9000);
    expect(first.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1500);
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
