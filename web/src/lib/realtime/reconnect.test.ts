import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nextAttempt, reconnectBackoff, reconnectDelayMs } from "./reconnect.ts";

describe("the reconnect delay", () => {
  it("waits 1 s doubled per attempt, capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("cycles the attempt counter modulo 10", () => {
    let attempt = 0;
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      delays.push(reconnectDelayMs(attempt));
      attempt = nextAttempt(attempt);
    }
    expect(delays.slice(9)).toEqual([30_000, 1000, 2000]);
  });
});

describe("reconnectBackoff", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The moments (ms after the start) at which `reconnect` ran. */
  function recording() {
    const start = Date.now();
    const runs: number[] = [];
    const backoff = reconnectBackoff(() => runs.push(Date.now() - start));
    return { backoff, runs };
  }

  it("reconnects after each close, waiting longer each time until a connection holds", async () => {
    const { backoff, runs } = recording();
    backoff.closed();
    expect(backoff.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([1000]);
    expect(backoff.pending).toBe(false);
    backoff.closed();
    await vi.advanceTimersByTimeAsync(2000);
    backoff.closed();
    await vi.advanceTimersByTimeAsync(4000);
    expect(runs).toEqual([1000, 3000, 7000]);

    // Connected again: the next close waits the shortest time.
    backoff.connected();
    backoff.closed();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual([1000, 3000, 7000, 8000]);
  });

  it("runs no reconnect once cancelled, and at most one for closes in a row", async () => {
    const { backoff, runs } = recording();
    backoff.closed();
    backoff.cancel();
    expect(backoff.pending).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([]);

    backoff.closed();
    backoff.closed();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(1);
  });
});
