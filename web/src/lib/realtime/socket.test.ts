import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A WebSocket that opens at once and records what the page sends. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static latest: FakeSocket | null = null;
  readyState = FakeSocket.CONNECTING;
  sent: Array<{ type: string; auctionIds?: string[] }> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    FakeSocket.latest = this;
    queueMicrotask(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
}

const watches = () => (FakeSocket.latest?.sent ?? []).filter((m) => m.type === "watch");

describe("watch frames", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("window", { location: { protocol: "http:", host: "localhost" } });
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("go out at most once a second, the last set of the second sent when it ends", async () => {
    const { subscribeToSocket, watchAuctions, WATCH_MIN_INTERVAL_MS } = await import("./socket.ts");
    subscribeToSocket(() => {});
    watchAuctions(["a"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(watches()).toEqual([{ type: "watch", auctionIds: ["a"] }]);

    // A grid rendering in stages: many sets within the second, one frame for all of them.
    for (const ids of [
      ["a", "b"],
      ["a", "b", "c"],
      ["a", "b", "c", "d"],
    ])
      watchAuctions(ids);
    expect(watches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(WATCH_MIN_INTERVAL_MS);
    expect(watches()).toEqual([
      { type: "watch", auctionIds: ["a"] },
      { type: "watch", auctionIds: ["a", "b", "c", "d"] },
    ]);

    // Sixty changes a second for a minute: about a frame a second, far within the server's limit.
    for (let i = 0; i < 60 * 60; i++) {
      watchAuctions([`x${i}`]);
      await vi.advanceTimersByTimeAsync(1000 / 60);
    }
    expect(watches().length - 2).toBeLessThanOrEqual(61);
  });
});
