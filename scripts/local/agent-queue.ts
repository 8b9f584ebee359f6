import type { AgentQueue } from "../../functions/adapters/agents/agent-queue.ts";
import { eventHandlers } from "../../functions/routes.ts";
import { type HandlerLoader, invoke, loadHandler } from "./handlers.ts";
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

export interface LocalAgentQueueOptions {
  loader?: HandlerLoader;
  /** Run the sweep every this many ms (0 = never; the local stack uses 60 s like the AWS rule). */
  sweepEveryMs?: number;
  log?: (message: string, extra?: unknown) => void;
}

export function createLocalAgentQueue(options: LocalAgentQueueOptions = {}): LocalAgentQueue {
  const loader = options.loader ?? loadHandler;
  const log =
    options.log ?? ((message: string, extra?: unknown) => console.warn(`[agents] ${message}`, extra ?? ""));
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const track = (job: Promise<unknown>) => {
    running.add(job);
    job.catch((error) => log("agent engine invocation failed", error)).finally(() => running.delete(job));
  };

  const sweepTimer =
    options.sweepEveryMs && options.sweepEveryMs > 0
      ? setInterval(() => {
          if (!stopped) track(invoke(eventHandlers.agentSweep, {}, loader));
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
            track(invoke(eventHandlers.agentEngine, sqsEvent(check, "local-agent-checks"), loader));
        },
        Math.max(0, atMs - Date.now()),
      );
      timers.add(timer);
    },
    pending: () => timers.size,
    async idle() {
      while (timers.size || running.size) {
        if (running.size) await Promise.allSettled([...running]);
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async sweep() {
      await invoke(eventHandlers.agentSweep, {}, loader);
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
      await Promise.allSettled([...running]);
    },
  };
}
