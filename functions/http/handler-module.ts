import type { RouteDefinition } from "./route.ts";

/** What a file under functions/handlers/ exports: an HTTP route's definition, or an event or socket handler. */
export interface HandlerModule {
  route?: RouteDefinition;
  handler?: unknown;
}

type LambdaHandler = (event: never, context: never) => unknown;

/**
 * The Lambda handler a handler file provides for the handler id its path gives it. The bundle's entry
 * (infra/bundling.ts) and the local stack (scripts/local/handlers.ts) both ask this, so the file never
 * names its own route.
 */
export function lambdaHandlerOf(mod: HandlerModule, handlerId: string): LambdaHandler {
  if (mod.route) return mod.route.serve(handlerId);
  if (typeof mod.handler === "function") return mod.handler as LambdaHandler;
  throw new Error(
    `functions/handlers/${handlerId}.ts exports neither a route (defineRoute) nor a function named "handler"`,
  );
}
