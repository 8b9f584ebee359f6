/**
 * The server's clock as this tab knows it (docs/architecture.md section 4): every auction response carries
 * `serverTime`; the offset to the device clock corrects every countdown, so a wrong device clock never
 * shows a wrong countdown. One shared 1 s tick drives every countdown on the page.
 */
import { useSyncExternalStore } from "react";
import { serverClockOffset } from "#shared/countdown";

const SAMPLES_KEPT = 10;
const TICK_MS = 1000;
const samples: number[] = [];

/**
 * A response's offset is low by its travel time, so the largest of the recent samples is the best
 * estimate.
 */
export function recordServerTime(serverTime: string | undefined, receivedAt = Date.now()) {
  if (!serverTime) return;
  samples.push(serverClockOffset(serverTime, receivedAt));
  if (samples.length > SAMPLES_KEPT) samples.shift();
}

export function serverOffsetMs(): number {
  return samples.length ? Math.max(...samples) : 0;
}

export function serverNow(): number {
  return Date.now() + serverOffsetMs();
}

let tick = 0;
const subscribers = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(onChange: () => void) {
  subscribers.add(onChange);
  timer ??= setInterval(() => {
    tick++;
    for (const notify of subscribers) notify();
  }, TICK_MS);
  return () => {
    subscribers.delete(onChange);
    if (subscribers.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** Re-renders the caller every second; read `serverNow()` during render. */
export function useClockTick(): number {
  return useSyncExternalStore(subscribe, () => tick);
}

/** Milliseconds left until `endsAt` by the server's clock, refreshed every second. */
export function useMsLeft(endsAt: string): number {
  useClockTick();
  return Date.parse(endsAt) - serverNow();
}

/**
 * Whether `endsAt` has passed by the server's clock. It changes once, so the caller re-renders once
 * (a card), not every second like a countdown.
 */
export function useHasEnded(endsAt: string): boolean {
  return useSyncExternalStore(subscribe, () => Date.parse(endsAt) - serverNow() <= 0);
}
