/**
 * Calls a route's real handler in-process, as the local gateway would, with no server: tests and
 * benchmarks use it. `apiEvent({method, path, body})` builds the event of a request through the
 * route table; `invokeRoute(...)` also calls the handler and returns {status, body, cookies, headers}.
 */
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { type HttpRoute, httpRoutes } from "../../functions/routes.ts";
import { matchRoute } from "./gateway/match-route.ts";
import { type HandlerLoader, invoke, loadHandler } from "./handlers.ts";
import { buildHttpEvent, normalizeResult, splitUrl } from "./http-event.ts";

export interface ApiRequest {
  method: string;
  /** Path with an optional query string: `/api/auctions/abc?x=1`. */
  path: string;
  /** An object is sent as JSON (content-type application/json); a string or Buffer as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** `name=value` pairs, or whole Set-Cookie strings from an earlier response (attributes ignored). */
  cookies?: string[];
  sourceIp?: string;
  /** false: a request straight to the API, not through the site (no origin header). Default true. */
  viaSite?: boolean;
  /** Route table to match against (default: functions/routes.ts). */
  routes?: readonly HttpRoute[];
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The APIGatewayProxyEventV2 of a request through the route table, as the gateway would build it. */
export function apiEvent(request: ApiRequest): APIGatewayProxyEventV2 {
  return routedApiEvent(request).event;
}

/** apiEvent plus the route it matched (whose `handler` names the module to call). */
export function routedApiEvent(request: ApiRequest): { event: APIGatewayProxyEventV2; route: HttpRoute } {
  const method = request.method.toUpperCase();
  const { path } = splitUrl(request.path);
  const match = matchRoute(method, path, request.routes ?? httpRoutes);
  if (!match) throw new Error(`No route matches ${method} ${path}`);
  if ("methodNotAllowed" in match) throw new Error(`${method} is not allowed on ${path}`);

  const headers: Record<string, string> = { host: "localhost:5173", "user-agent": "vitest" };
  let body: Buffer | undefined;
  if (request.body !== undefined) {
    if (Buffer.isBuffer(request.body)) body = request.body;
    else if (typeof request.body === "string") body = Buffer.from(request.body);
    else body = Buffer.from(JSON.stringify(request.body));
  }
  if (body || MUTATING.has(method)) headers["content-type"] = "application/json";
  // What CloudFront adds on the way (functions/http/origin-lock.ts).
  const secret = process.env.ORIGIN_SECRET;
  if (secret && request.viaSite !== false) headers["x-origin-verify"] = secret;
  for (const [k, v] of Object.entries(request.headers ?? {})) headers[k.toLowerCase()] = v;
  if (request.cookies?.length) {
    headers.cookie = request.cookies.map((c) => c.split(";")[0]!.trim()).join("; ");
  }
  const event = buildHttpEvent(
    { method, url: request.path, headers, body, remoteAddress: request.sourceIp ?? "127.0.0.1" },
    match,
  );
  return { event, route: match.route };
}

export interface RouteResponse<T = unknown> {
  status: number;
  /** Parsed JSON, or the raw text when the body is not JSON (undefined when empty). */
  body: T;
  cookies: string[];
  headers: Record<string, string>;
}

/** Builds the event of a request, calls its real handler in-process, and decodes the answer. */
export async function invokeRoute<T = unknown>(
  request: ApiRequest,
  loader: HandlerLoader = loadHandler,
): Promise<RouteResponse<T>> {
  const { event, route } = routedApiEvent(request);
  const result = normalizeResult(await invoke(route.handler, event, loader));
  const text = result.body.toString("utf8");
  let body: unknown;
  if (text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: result.statusCode, body: body as T, cookies: result.cookies, headers: result.headers };
}
