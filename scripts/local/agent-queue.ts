import type { AgentQueue } from "../../functions/adapters/agents/agent-queue.ts";
import { eventHandlers } from "../../functions/routes.ts";
import { invoke } from "./handlers.ts";
import { type InProcessOptions, inProcessRuns } from "./in-process-runs.ts";
import { sqsEvent } from "./sqs-event.ts";

export interface LocalAgentQueue extends AgentQueue {
  /** Checks waiting for their moment (tests). */
  pending(): number;
  /** Resolves when no check is waiting or running (tests). */
  idle(): Promise<void>;
  /** Runs the sweep once now (the engine's recovery from the table). */
  sweep(): Promise<void>;
  /** Drops every pending check without running it (a simulated crash). */
  dropPending(): void;
  stop(): Promise<void>;
}

export interface LocalAgentQueueOptions extends InProcessOptions {
  /** Run the sweep every this many ms (0 = never; the local stack uses 60 s like the AWS rule). */
  sweepEveryMs?: number;
}

export function createLocalAgentQueue(options: LocalAgentQueueOptions = {}): LocalAgentQueue {
  const runs = inProcessRuns(options, "agents");
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const track = (job: Promise<unknown>) => runs.track(job, "agent engine invocation failed");

  const sweepTimer =
    options.sweepEveryMs && options.sweepEveryMs > 0
      ? setInterval(() => {
          if (!stopped) track(invoke(eventHandlers.agentSweep, {}, runs.loader));
        }, options.sweepEveryMs)
      : null;
  sweepTimer?.unref();

  return {
    async scheduleCheck(check, atMs) {
      if (stopped) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (!stopped)
            track(invoke(eventHandlers.agentEngine, sqsEvent(check, "local-agent-checks"), runs.loader));
        },
        Math.max(0, atMs - Date.now()),
      );
      timers.add(timer);
    },
    pending: () => timers.size,
    async idle() {
      while (timers.size || runs.running.size) {
        if (runs.running.size) await runs.settled();
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async sweep() {
      await invoke(eventHandlers.agentSweep, {}, runs.loader);
    },
    dropPending() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    async stop() {
      stopped = true;
      if (sweepTimer) clearInterval(sweepTimer);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await runs.settled();
    },
  };
}
