import type { SQSBatchResponse } from "aws-lambda";
import type { EmailQueue } from "../../functions/adapters/email/email-queue.ts";
import type { EmailEvent } from "../../functions/domain/notifications.ts";
import { eventHandlers } from "../../functions/routes.ts";
import { type HandlerLoader, invoke, loadHandler } from "./handlers.ts";
import { sqsEvent } from "./sqs-event.ts";

export interface LocalEmailQueue extends EmailQueue {
  /** Resolves when no message is waiting or being sent (tests). */
  idle(): Promise<void>;
  /** Events that failed every receive (the dead-letter queue). */
  deadLetters(): EmailEvent[];
  stop(): Promise<void>;
}

export interface LocalEmailQueueOptions {
  loader?: HandlerLoader;
  /** Receives before a message goes to the dead letters (the redrive policy's maxReceiveCount). */
  maxReceives?: number;
  retryDelayMs?: number;
  log?: (message: string, extra?: unknown) => void;
}

export function createLocalEmailQueue(options: LocalEmailQueueOptions = {}): LocalEmailQueue {
  const loader = options.loader ?? loadHandler;
  const maxReceives = options.maxReceives ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const log =
    options.log ?? ((message: string, extra?: unknown) => console.warn(`[emails] ${message}`, extra ?? ""));
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  const dead: EmailEvent[] = [];
  let stopped = false;

  async function receive(event: EmailEvent, receiveCount: number) {
    let failed: boolean;
    try {
      const result = (await invoke(
        eventHandlers.emailSender,
        sqsEvent(event, "local-emails", receiveCount),
        loader,
      )) as SQSBatchResponse | undefined;
      failed = (result?.batchItemFailures?.length ?? 0) > 0;
    } catch (error) {
      log("email sender threw", error);
      failed = true;
    }
    if (!failed) return;
    if (receiveCount >= maxReceives) {
      dead.push(event);
      log(`email event ${event.key} failed ${receiveCount} times: moved to the dead letters`);
      return;
    }
    schedule(event, receiveCount + 1, retryDelayMs);
  }

  function schedule(event: EmailEvent, receiveCount: number, delayMs: number) {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      const job = receive(event, receiveCount);
      running.add(job);
      job.finally(() => running.delete(job));
    }, delayMs);
    timers.add(timer);
  }

  return {
    async enqueue(events) {
      for (const event of events) schedule(event, 1, 0);
    },
    async idle() {
      while (timers.size || running.size) {
        if (running.size) await Promise.allSettled([...running]);
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    deadLetters: () => [...dead],
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
