/**
 * Loads the very handler modules Lambda runs: handler id "a/b" is functions/handlers/a/b.ts, exporting
 * its route's definition or an event handler (functions/http/handler-module.ts). Modules are imported on first use and cached; a missing file is not cached
 * (handlers appear while the stack runs), so it is picked up on the next request without a restart.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "aws-lambda";
import { type HandlerModule, lambdaHandlerOf } from "../../functions/http/handler-module.ts";
import { handlerSourceFile } from "../../functions/routes.ts";
import { handlersDir } from "./paths.ts";

export type LambdaHandler = (event: unknown, context: Context) => unknown;

/** Resolves a handler id to its function, or null when the module does not exist (yet). */
export type HandlerLoader = (handlerId: string) => Promise<LambdaHandler | null>;

export function handlerFile(handlerId: string, dir = handlersDir): string {
  return join(dir, handlerSourceFile(handlerId));
}

export function createHandlerLoader(dir = handlersDir): HandlerLoader {
  const cache = new Map<string, Promise<LambdaHandler>>();
  return async (handlerId) => {
    const cached = cache.get(handlerId);
    if (cached) return cached;
    const file = handlerFile(handlerId, dir);
    if (!existsSync(file)) return null;
    const loading = import(/* @vite-ignore */ file).then(
      (mod: HandlerModule) => lambdaHandlerOf(mod, handlerId) as LambdaHandler,
    );
    cache.set(handlerId, loading);
    loading.catch(() => cache.delete(handlerId));
    return loading;
  };
}

/** The loader of the real handlers (one module cache per process, like one warm Lambda container). */
export const loadHandler: HandlerLoader = createHandlerLoader();

/** Thrown by invoke() when the handler module does not exist. */
export class MissingHandlerError extends Error {
  constructor(readonly handlerId: string) {
    super(
      `Handler "${handlerId}" is not implemented yet (functions/handlers/${handlerId}.ts does not exist)`,
    );
    this.name = "MissingHandlerError";
  }
}

/** A Lambda context good enough for middy and Powertools. */
export function lambdaContext(handlerId: string, timeoutMs = 30_000): Context {
  const functionName = `penny-auction-local-${handlerId.replaceAll("/", "-")}`;
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

/**
 * The handler id whose invocation the current code runs in, as each Lambda would know it is itself:
 * lets tests attribute what they observe (for example the table access of tests/integration/proof) to
 * the function that did it.
 */
export const runningHandler = new AsyncLocalStorage<string>();

/** Loads and calls a handler as Lambda would: `await handler(event, context)`. */
export async function invoke(handlerId: string, event: unknown, loader: HandlerLoader = loadHandler) {
  const handler = await loader(handlerId);
  if (!handler) throw new MissingHandlerError(handlerId);
  return await runningHandler.run(handlerId, () => handler(event, lambdaContext(handlerId)));
}
