/**
 * When a live connection that closed is opened again (the socket and the Event API client alike):
 * after 1 s, doubled per attempt, capped at 30 s, the attempt counter cycling modulo 10 (so the wait
 * drops back to 1 s after ten failures in a row, rather than a page staying 30 s behind for good).
 */
import { SOCKET_RECONNECT_BASE_MS, SOCKET_RECONNECT_MAX_MS } from "#shared/constants";

export const RECONNECT_ATTEMPT_CYCLE = 10;

/** Delay before reconnect attempt `attempt` (0-based, already cycled). */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(SOCKET_RECONNECT_BASE_MS * 2 ** attempt, SOCKET_RECONNECT_MAX_MS);
}

export function nextAttempt(attempt: number): number {
  return (attempt + 1) % RECONNECT_ATTEMPT_CYCLE;
}

export interface ReconnectBackoff {
  /** The connection is up: the next failure waits the shortest time again. */
  connected(): void;
  /** The connection closed: `reconnect` runs after this attempt's delay. */
  closed(): void;
  /** A reconnect is waiting. */
  readonly pending: boolean;
  /** Nobody listens any more: the waiting reconnect, if any, does not run. */
  cancel(): void;
}

export function reconnectBackoff(reconnect: () => void): ReconnectBackoff {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    connected() {
      attempt = 0;
    },
    closed() {
      cancel();
      const delay = reconnectDelayMs(attempt);
      attempt = nextAttempt(attempt);
      timer = setTimeout(() => {
        timer = null;
        reconnect();
      }, delay);
    },
    get pending() {
      return timer !== null;
    },
    cancel,
  };
}
