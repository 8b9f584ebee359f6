import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDLE_CLOSE_MS, sharedConnection } from "./shared-connection.ts";

/** A socket that stays connecting until `open()`; `drop()` is the server going away. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  readyState = FakeSocket.CONNECTING;
  closeCalls = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop() {
    this.onclose?.();
  }
  close() {
    this.closeCalls++;
    this.onclose?.();
  }
}

describe("a shared live connection", () => {
  let sockets: FakeSocket[];
  let gone: number;
  const start = () =>
    sharedConnection<() => void>(
      () => {
        const ws = new FakeSocket();
        sockets.push(ws);
        return ws as unknown as WebSocket;
      },
      () => gone++,
    );

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    sockets = [];
    gone = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens once for all its listeners, and reconnects after a close while anyone listens", async () => {
    const connection = start();
    connection.subscribe(() => {});
    connection.subscribe(() => {});
    expect(sockets).toHaveLength(1);
    expect(connection.socket).toBe(sockets[0]);

    sockets[0]!.drop();
    expect(gone).toBe(1);
    expect(connection.socket).toBeNull();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);

    // Failing again waits longer; once connected, the next failure waits the shortest time again.
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sockets).toHaveLength(3);
    connection.connected();
    sockets[2]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(4);
  });

  it("outlives its last listener by a second, so the next page's listener keeps it", async () => {
    const connection = start();
    const leave = connection.subscribe(() => {});
    sockets[0]!.open();
    leave();
    await vi.advanceTimersByTimeAsync(IDLE_CLOSE_MS - 1);
    connection.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(IDLE_CLOSE_MS * 5);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closeCalls).toBe(0);
  });

  it("closes when nobody listens for a second, a socket still connecting once it is open, and does not reconnect", async () => {
    const connection = start();
    connection.subscribe(() => {})();
    await vi.advanceTimersByTimeAsync(IDLE_CLOSE_MS);
    expect(connection.socket).toBeNull();
    expect(gone).toBe(1);
    // Closing it while connecting would make the browser warn.
    expect(sockets[0]!.closeCalls).toBe(0);
    sockets[0]!.open();
    expect(sockets[0]!.closeCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("stops reconnecting once its last listener has left", async () => {
    const connection = start();
    const leave = connection.subscribe(() => {});
    sockets[0]!.drop();
    leave();
    await vi.advanceTimersByTimeAsync(IDLE_CLOSE_MS);
    expect(connection.socket).toBeNull();
    const opened = sockets.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(opened);
  });
});
