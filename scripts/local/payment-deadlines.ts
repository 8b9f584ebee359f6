import { eventHandlers } from "../../functions/routes.ts";
import { type HandlerLoader, invoke, loadHandler } from "./handlers.ts";

export interface LocalDeadlineSweep {
  /** Runs the sweep once now. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The stand-in for the EventBridge rule that runs the payment deadline sweep
 * (orders/sweep-payment-deadlines): the same handler on a timer. Every minute locally, so a stage
 * with a deadline of minutes (WIN_PAYMENT_DAYS is whole days; tests inject the clock instead) still
 * sees its steps promptly.
 */
export function startLocalDeadlineSweep(
  options: {
    everyMs?: number;
    loader?: HandlerLoader;
    log?: (message: string, extra?: unknown) => void;
  } = {},
): LocalDeadlineSweep {
  const loader = options.loader ?? loadHandler;
  const log =
    options.log ??
    ((message: string, extra?: unknown) => console.warn(`[deadlines] ${message}`, extra ?? ""));
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const run = () => {
    const job = invoke(eventHandlers.paymentDeadlineSweep, {}, loader);
    running.add(job);
    job.catch((error) => log("payment deadline sweep failed", error)).finally(() => running.delete(job));
    return job;
  };
  const timer = setInterval(() => {
    if (!stopped) void run();
  }, options.everyMs ?? 60_000);
  timer.unref();
  return {
    async sweep() {
      // Logged by run(); a table made before the deadline index (gsi4) must not stop the stack.
      await run().catch(() => undefined);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
