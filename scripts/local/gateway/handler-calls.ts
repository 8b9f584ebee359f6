import { type HandlerLoader, invoke, type MissingHandlerError } from "../handlers.ts";
import type { GatewayLog } from "./http-io.ts";

/**
 * How the gateway's parts call handlers: every call is remembered until it settles, so closing the
 * gateway can wait for in-flight work; a missing handler module is reported once, not per request.
 */
export interface HandlerCalls {
  call(handlerId: string, event: unknown): Promise<unknown>;
  warnMissingOnce(error: MissingHandlerError): void;
  pending(): Promise<unknown>[];
  log: GatewayLog;
}

export function handlerCalls(loader: HandlerLoader, log: GatewayLog): HandlerCalls {
  const pending = new Set<Promise<unknown>>();
  const warnedMissing = new Set<string>();
  return {
    log,
    call(handlerId, event) {
      const promise = invoke(handlerId, event, loader);
      pending.add(promise);
      promise.then(
        () => pending.delete(promise),
        () => pending.delete(promise),
      );
      return promise;
    },
    warnMissingOnce(error) {
      if (warnedMissing.has(error.handlerId)) return;
      warnedMissing.add(error.handlerId);
      log("warn", error.message);
    },
    pending: () => [...pending],
  };
}
