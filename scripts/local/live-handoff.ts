/**
 * The direct path of live updates on this machine: what Lambda's asynchronous (`Event`) invocation of
 * the broadcaster does in AWS (functions/adapters/realtime/lambda-live-handoff.ts), in-process. The
 * hand-off returns at once and the same broadcaster handler runs right after with the same event; a
 * failure is logged and not retried, as the broadcaster's asynchronous invocations are configured in
 * infra/constructs/realtime.ts (the stream delivers what it missed).
 */
import type { LiveHandoff, LiveUpdateEvent } from "../../functions/adapters/realtime/live-handoff.ts";
import { eventHandlers } from "../../functions/routes.ts";
import { invoke } from "./handlers.ts";
import { type InProcessOptions, inProcessRuns } from "./in-process-runs.ts";

export interface LocalLiveHandoff extends LiveHandoff {
  /** Resolves when no broadcaster run it started is still going (tests, benchmarks). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export type LocalLiveHandoffOptions = InProcessOptions;

export function createLocalLiveHandoff(options: LocalLiveHandoffOptions = {}): LocalLiveHandoff {
  const runs = inProcessRuns(options, "live");
  let stopped = false;
  return {
    async handOff(message) {
      if (stopped) return;
      // The payload crosses a process boundary in AWS: the broadcaster gets JSON, never our objects.
      const event = JSON.parse(JSON.stringify({ liveUpdate: message })) as LiveUpdateEvent;
      // Queued, as Lambda queues an `Event` invocation: the broadcaster starts once the bid's own
      // answer has gone, instead of taking the CPU from it (one process serves both here).
      const run = new Promise((queued) => setImmediate(queued)).then(() =>
        invoke(eventHandlers.broadcaster, event, runs.loader),
      );
      runs
        .track(run, "the broadcaster failed on a direct live update; the stream delivers it")
        .catch(() => undefined);
    },
    async idle() {
      while (runs.running.size) await runs.settled();
    },
    async stop() {
      stopped = true;
      await runs.settled();
    },
  };
}
