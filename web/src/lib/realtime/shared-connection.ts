/**
 * One live connection a tab shares (the socket's, or the Event API client's): the first listener in
 * opens it; a close while anyone listens reconnects with the backoff of reconnect.ts; it outlives the
 * last listener out by a second, as moving from one page to the next unsubscribes the first before the
 * second subscribes, and the same connection should carry on rather than be torn down (while still
 * connecting, which the browser reports as a console warning) and opened again.
 */
import { reconnectBackoff } from "./reconnect.ts";

export const IDLE_CLOSE_MS = 1000;

export interface SharedConnection<L> {
  readonly listeners: ReadonlySet<L>;
  /** The open (or opening) socket; null between a close and the reconnect. */
  readonly socket: WebSocket | null;
  /** Adds `listener`, opening the connection if it is not up; returns the unsubscribe. */
  subscribe(listener: L): () => void;
  /** The connection is up (opened, or acknowledged): the next failure waits the shortest time again. */
  connected(): void;
}

/**
 * `connect` opens a socket and sets its `onopen` and `onmessage`; the connection owns its `onclose`.
 * `closed` runs whenever the current socket is gone (closed, or closed for being idle).
 */
export function sharedConnection<L>(
  connect: () => WebSocket,
  closed: () => void = () => {},
): SharedConnection<L> {
  const listeners = new Set<L>();
  let socket: WebSocket | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  const backoff = reconnectBackoff(open);

  function open() {
    const ws = connect();
    socket = ws;
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      closed();
      if (listeners.size > 0) backoff.closed();
    };
  }

  function closeIdle() {
    idleTimer = null;
    if (listeners.size > 0) return;
    backoff.cancel();
    const current = socket;
    socket = null;
    if (!current) return;
    closed();
    // Closing a socket that is still connecting makes the browser warn; close it once it is open.
    if (current.readyState === WebSocket.CONNECTING) current.onopen = () => current.close();
    else current.close();
  }

  return {
    listeners,
    get socket() {
      return socket;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      if (!socket && !backoff.pending) open();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || idleTimer) return;
        idleTimer = setTimeout(closeIdle, IDLE_CLOSE_MS);
      };
    },
    connected: () => backoff.connected(),
  };
}
