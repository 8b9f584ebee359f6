/**
 * The local stand-in for EventBridge Scheduler: one-time timers that invoke the auction closer
 * (functions/routes.ts `eventHandlers.auctionCloser`) with the payload a schedule would deliver.
 *
 * ## HTTP contract (served by the local gateway, scripts/local/gateway.ts)
 *
 * The handler-side local adapter reaches it at `${LOCAL_SCHEDULER_URL}` (the gateway's URL, set by
 * the local stack; e.g. http://127.0.0.1:3001):
 *
 *   POST   /@schedules          {"name": "auction-<id>", "at": "2030-01-01T00:00:00.000Z", "payload": {"auctionId": "<id>"}}
 *          -> 201 {"name", "at"}      Creates the schedule, or replaces the one of that name (upsert:
 *                                     the local adapter need not tell create from update).
 *          -> 400 {"message"}         name not [0-9A-Za-z._-]{1,64}, `at` not an ISO date, payload not an object.
 *   DELETE /@schedules/{name}   -> 204 when it existed, 404 {"message"} when it did not (already fired or never made).
 *   GET    /@schedules          -> 200 [{"name", "at", "payload"}] (for tests and debugging)
 *
 * At `at` (immediately if `at` is in the past) the schedule is removed and the closer is invoked
 * in-process with `payload` as the event, exactly what a Lambda target of a one-time schedule
 * receives. The closer may re-arm by POSTing the same name again (the end moved). A failed
 * invocation is retried twice (after 2 s, then 10 s), like Scheduler's retry policy in miniature.
 *
 * Pending schedules live in memory only: they are lost when the stack stops. That is fine, because
 * an auction is finalized by whichever comes first, a read after its end or the closer (docs/architecture.md
 * section 4); the closer is only the backstop.
 */
import { eventHandlers } from "../../functions/routes.ts";
import { type HandlerLoader, invoke, loadHandler, MissingHandlerError } from "./handlers.ts";

export interface ScheduledItem {
  name: string;
  at: string;
  payload: unknown;
}

export interface LocalClock {
  scheduleAt(name: string, atMs: number, payload: unknown): void;
  /** True when a pending schedule of that name was removed. */
  cancel(name: string): boolean;
  list(): ScheduledItem[];
  /** Resolves when every invocation started so far has finished (tests). */
  idle(): Promise<void>;
  /** Clears every timer; pending schedules are dropped. */
  stop(): Promise<void>;
}

export interface LocalClockOptions {
  loader?: HandlerLoader;
  /** Which handler a schedule invokes (default the auction closer). */
  target?: string;
  retryDelaysMs?: number[];
  log?: (message: string, extra?: unknown) => void;
}

export const SCHEDULE_NAME = /^[0-9A-Za-z._-]{1,64}$/;
/** setTimeout's limit (~24.8 days); longer waits are chained. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

interface Entry {
  name: string;
  atMs: number;
  payload: unknown;
  timer: NodeJS.Timeout;
}

export function createLocalClock(options: LocalClockOptions = {}): LocalClock {
  const loader = options.loader ?? loadHandler;
  const target = options.target ?? eventHandlers.auctionCloser;
  const retryDelays = options.retryDelaysMs ?? [2000, 10_000];
  const log =
    options.log ?? ((message: string, extra?: unknown) => console.warn(`[clock] ${message}`, extra ?? ""));
  const entries = new Map<string, Entry>();
  const running = new Set<Promise<void>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let warnedMissing = false;

  function arm(name: string, atMs: number, payload: unknown): NodeJS.Timeout {
    const delay = Math.max(0, atMs - Date.now());
    if (delay > MAX_TIMEOUT_MS) {
      return setTimeout(() => {
        const entry = entries.get(name);
        if (entry) entry.timer = arm(name, atMs, payload);
      }, MAX_TIMEOUT_MS);
    }
    return setTimeout(() => fire(name), delay);
  }

  function fire(name: string) {
    const entry = entries.get(name);
    if (!entry) return;
    entries.delete(name);
    run(entry, 0);
  }

  function run(entry: Entry, attempt: number) {
    if (stopped) return;
    const job = (async () => {
      try {
        await invoke(target, structuredClone(entry.payload), loader);
      } catch (error) {
        if (error instanceof MissingHandlerError) {
          if (!warnedMissing) log(`${error.message}; schedule "${entry.name}" fired with nobody to run it`);
          warnedMissing = true;
          return;
        }
        const delay = retryDelays[attempt];
        log(`schedule "${entry.name}" failed (attempt ${attempt + 1})`, error);
        if (delay !== undefined && !stopped) {
          const timer = setTimeout(() => {
            retryTimers.delete(timer);
            run(entry, attempt + 1);
          }, delay);
          retryTimers.add(timer);
        }
      }
    })();
    running.add(job);
    job.finally(() => running.delete(job));
  }

  return {
    scheduleAt(name, atMs, payload) {
      if (!SCHEDULE_NAME.test(name)) throw new Error(`Invalid schedule name "${name}"`);
      if (!Number.isFinite(atMs)) throw new Error("Invalid schedule time");
      if (stopped) return;
      const existing = entries.get(name);
      if (existing) clearTimeout(existing.timer);
      const entry: Entry = { name, atMs, payload, timer: undefined as unknown as NodeJS.Timeout };
      entries.set(name, entry);
      entry.timer = arm(name, atMs, payload);
    },
    cancel(name) {
      const entry = entries.get(name);
      if (!entry) return false;
      clearTimeout(entry.timer);
      entries.delete(name);
      return true;
    },
    list() {
      return [...entries.values()]
        .sort((a, b) => a.atMs - b.atMs)
        .map((e) => ({ name: e.name, at: new Date(e.atMs).toISOString(), payload: e.payload }));
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
    async stop() {
      stopped = true;
      for (const entry of entries.values()) clearTimeout(entry.timer);
      entries.clear();
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await Promise.allSettled([...running]);
    },
  };
}

/** Validates a POST /@schedules body; returns the schedule or an error message. */
export function parseScheduleRequest(
  body: unknown,
): { ok: true; name: string; atMs: number; payload: unknown } | { ok: false; message: string } {
  if (!body || typeof body !== "object") return { ok: false, message: "Body must be a JSON object" };
  const { name, at, payload } = body as Record<string, unknown>;
  if (typeof name !== "string" || !SCHEDULE_NAME.test(name)) {
    return { ok: false, message: "name must match [0-9A-Za-z._-]{1,64}" };
  }
  const atMs = typeof at === "string" ? Date.parse(at) : Number.NaN;
  if (!Number.isFinite(atMs)) return { ok: false, message: "at must be an ISO 8601 date-time" };
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
    return { ok: false, message: "payload must be a JSON object" };
  }
  return { ok: true, name, atMs, payload };
}
