/**
 * What every in-process stand-in of an asynchronous AWS invocation shares (the agent queue, the live
 * hand-off, the sweeps' timers): the handler loader, a log with the stand-in's prefix, and the runs
 * still going, so `stop()` and `idle()` can wait for them.
 */
import { type HandlerLoader, invoke, loadHandler } from "./handlers.ts";

export interface InProcessOptions {
  loader?: HandlerLoader;
  log?: (message: string, extra?: unknown) => void;
}

export function inProcessRuns(options: InProcessOptions, prefix: string) {
  const loader = options.loader ?? loadHandler;
  const log =
    options.log ??
    ((message: string, extra?: unknown) => console.warn(`[${prefix}] ${message}`, extra ?? ""));
  const running = new Set<Promise<unknown>>();
  return {
    loader,
    log,
    running,
    /** Keeps `job` among the running until it settles; a failure is logged as `failure`, never thrown here. */
    track<T>(job: Promise<T>, failure: string): Promise<T> {
      running.add(job);
      job.catch((error: unknown) => log(failure, error)).finally(() => running.delete(job));
      return job;
    },
    settled: () => Promise.allSettled([...running]),
  };
}

export interface LocalSweep {
  /** Runs the sweep once now (tests). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalSweepOptions extends InProcessOptions {
  /** Run it every this many ms (none without it). */
  everyMs?: number;
}

/**
 * The local stand-in for an EventBridge rule that runs an event handler on a rate: a timer invoking it
 * in-process, failures logged as `failure`. `sweep()` runs it once now and throws its failure unless
 * `sweepNeverThrows`.
 */
export function localSweepTimer(
  handlerId: string,
  options: LocalSweepOptions & { prefix: string; failure: string; sweepNeverThrows?: boolean },
): LocalSweep {
  const runs = inProcessRuns(options, options.prefix);
  let stopped = false;
  const run = () => runs.track(invoke(handlerId, {}, runs.loader), options.failure);
  const timer =
    options.everyMs && options.everyMs > 0
      ? setInterval(() => {
          if (!stopped) void run();
        }, options.everyMs)
      : null;
  timer?.unref();
  return {
    async sweep() {
      // Already logged by track().
      await (options.sweepNeverThrows ? run().catch(() => undefined) : run());
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await runs.settled();
    },
  };
}
