/**
 * The local stand-in for the EventBridge rule that runs the ending-soon alert sweep every minute
 * (functions/routes.ts `eventHandlers.endingSoonAlerts`): a timer that invokes it in-process.
 */
import { eventHandlers } from "../../functions/routes.ts";
import { type HandlerLoader, invoke, loadHandler } from "./handlers.ts";

export interface LocalAlertSweep {
  /** Runs the sweep once now (tests). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

export function createLocalAlertSweep(
  options: {
    everyMs?: number;
    loader?: HandlerLoader;
    log?: (message: string, extra?: unknown) => void;
  } = {},
): LocalAlertSweep {
  const loader = options.loader ?? loadHandler;
  const log =
    options.log ?? ((message: string, extra?: unknown) => console.warn(`[alerts] ${message}`, extra ?? ""));
  const running = new Set<Promise<unknown>>();
  const run = () => {
    const job = invoke(eventHandlers.endingSoonAlerts, {}, loader);
    running.add(job);
    job.catch((error) => log("ending-soon sweep failed", error)).finally(() => running.delete(job));
    return job;
  };
  const timer = options.everyMs && options.everyMs > 0 ? setInterval(run, options.everyMs) : null;
  timer?.unref();
  return {
    async sweep() {
      await run();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
