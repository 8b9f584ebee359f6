/**
 * A handler loader backed by plain functions, for gateway/poller/clock tests that must not depend
 * on the real handlers: ids not in the map behave like a missing module (null).
 *
 *   const calls = recordingLoader({ "realtime/connect": async () => ({ statusCode: 200 }) });
 *   await startGateway({ port: 0, loader: calls.loader });
 *   calls.events("realtime/connect")  // every event that handler received
 */
import type { Context } from "aws-lambda";
import type { HandlerLoader } from "../../scripts/local/handlers.ts";

export type FakeHandler = (event: never, context: Context) => unknown;

export interface RecordingLoader {
  loader: HandlerLoader;
  /** Events received by a handler id, oldest first. */
  events<T = Record<string, unknown>>(handlerId: string): T[];
  /** Resolves with the n-th (1-based) event of a handler once it arrives. */
  waitFor<T = Record<string, unknown>>(handlerId: string, n?: number, timeoutMs?: number): Promise<T>;
  /** Replaces or adds a handler. */
  set(handlerId: string, handler: FakeHandler): void;
}

export function recordingLoader(handlers: Record<string, FakeHandler> = {}): RecordingLoader {
  const table = new Map(Object.entries(handlers));
  const received = new Map<string, unknown[]>();
  const waiters = new Set<() => void>();

  const loader: HandlerLoader = async (handlerId) => {
    const fn = table.get(handlerId);
    if (!fn) return null;
    return async (event: unknown, context: Context) => {
      const list = received.get(handlerId) ?? [];
      list.push(event);
      received.set(handlerId, list);
      for (const w of waiters) w();
      return await fn(event as never, context);
    };
  };

  return {
    loader,
    events: <T>(handlerId: string) => [...(received.get(handlerId) ?? [])] as T[],
    set: (handlerId, handler) => {
      table.set(handlerId, handler);
    },
    waitFor<T>(handlerId: string, n = 1, timeoutMs = 5000) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const list = received.get(handlerId) ?? [];
          if (list.length >= n) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(list[n - 1] as T);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${handlerId} did not receive event #${n} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
