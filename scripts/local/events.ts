/**
 * Builders of the events API Gateway hands to Lambda, from what a Node http server sees.
 * HTTP API payload format 2.0 (APIGatewayProxyEventV2) and the WebSocket API's CONNECT / MESSAGE /
 * DISCONNECT events. Pure functions (ids and clocks can be injected), so tests can pin them.
 *
 * For handler tests: `apiEvent({method, path, body})` builds the event of a request through the
 * route table, `invokeRoute(...)` also calls the handler and returns {status, body, cookies, headers}.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyWebsocketEventV2,
} from "aws-lambda";
import { type HttpRoute, httpRoutes, matchRoute } from "../../functions/routes.ts";
import { type HandlerLoader, invoke, loadHandler } from "./handlers.ts";

export const LOCAL_API_ID = "local";
/** The WebSocket API's stage is named `ws` (docs/architecture.md section 1), so CloudFront forwards /ws unchanged. */
export const WS_STAGE = "ws";

/** What the builders need from an incoming Node request. */
export interface IncomingHttp {
  method: string;
  /** Path and query string as received, e.g. `/api/auctions?status=active`. */
  url: string;
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>;
  /** Header names in the case the client sent them (`req.rawHeaders`), for WebSocket events. */
  rawHeaders?: string[];
  body?: Buffer;
  remoteAddress?: string;
}

export interface RouteMatch {
  route: HttpRoute;
  pathParameters: Record<string, string>;
}

export interface BuildOptions {
  requestId?: string;
  now?: number;
}

const TEXT_TYPES = [
  /^text\//i,
  /^application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|x-www-form-urlencoded|graphql)\b/i,
];

/** Bodies of these content types reach Lambda as utf8 text; anything else is base64. */
export function isTextContentType(contentType: string | undefined): boolean {
  return !!contentType && TEXT_TYPES.some((re) => re.test(contentType.trim()));
}

export function splitUrl(url: string): { path: string; rawQueryString: string } {
  const q = url.indexOf("?");
  return q < 0
    ? { path: url, rawQueryString: "" }
    : { path: url.slice(0, q), rawQueryString: url.slice(q + 1) };
}

/** API Gateway joins repeated query parameters with commas. */
export function parseQuery(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    out[key] = key in out ? `${out[key]},${value}` : value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** `a=1; b=2` -> ["a=1", "b=2"] (payload 2.0 moves cookies out of the headers into this array). */
export function splitCookies(header: string | string[] | undefined): string[] {
  const joined = Array.isArray(header) ? header.join("; ") : (header ?? "");
  return joined
    .split(";")
    .map((c) => c.trim())
    .filter(Boolean);
}

function sourceIpOf(remoteAddress: string | undefined): string {
  if (!remoteAddress) return "127.0.0.1";
  return remoteAddress.startsWith("::ffff:") ? remoteAddress.slice(7) : remoteAddress;
}

function lowerHeaders(headers: IncomingHttp["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return out;
}

/** `12/Mar/2020:19:03:58 +0000`, the format of requestContext.time / requestTime. */
export function clfTime(ms: number): string {
  const d = new Date(ms);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

function hostnameOf(host: string | undefined): string {
  if (!host) return "localhost";
  return host.replace(/:\d+$/, "");
}

/** The APIGatewayProxyEventV2 an HTTP API would send for this request and matched route. */
export function buildHttpEvent(
  req: IncomingHttp,
  match: RouteMatch,
  options: BuildOptions = {},
): APIGatewayProxyEventV2 {
  const now = options.now ?? Date.now();
  const method = req.method.toUpperCase();
  const { path, rawQueryString } = splitUrl(req.url);
  const headers = lowerHeaders(req.headers);
  const cookies = splitCookies(headers.cookie);
  delete headers.cookie;
  const sourceIp = sourceIpOf(req.remoteAddress);
  headers["x-forwarded-for"] = headers["x-forwarded-for"]
    ? `${headers["x-forwarded-for"]}, ${sourceIp}`
    : sourceIp;
  headers["x-forwarded-proto"] ??= "http";

  const body = req.body && req.body.length > 0 ? req.body : undefined;
  const isText = body ? isTextContentType(headers["content-type"]) : true;
  const domainName = hostnameOf(headers.host);

  const event: APIGatewayProxyEventV2 = {
    version: "2.0",
    routeKey: `${match.route.method} ${match.route.path}`,
    rawPath: path,
    rawQueryString,
    headers,
    requestContext: {
      accountId: "000000000000",
      apiId: LOCAL_API_ID,
      domainName,
      domainPrefix: domainName.split(".")[0] ?? domainName,
      http: {
        method,
        path,
        protocol: "HTTP/1.1",
        sourceIp,
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: options.requestId ?? randomUUID(),
      routeKey: `${match.route.method} ${match.route.path}`,
      stage: "$default",
      time: clfTime(now),
      timeEpoch: now,
    },
    isBase64Encoded: !isText,
  };
  if (cookies.length) event.cookies = cookies;
  const query = parseQuery(rawQueryString);
  if (query) event.queryStringParameters = query;
  if (Object.keys(match.pathParameters).length) event.pathParameters = { ...match.pathParameters };
  if (body) event.body = isText ? body.toString("utf8") : body.toString("base64");
  return event;
}

/** A unique id shaped like API Gateway's (`L0SM9cOFvHcCIhw=`), free of `/` and `+` for clean URLs. */
export function newConnectionId(): string {
  for (;;) {
    const id = randomBytes(10).toString("base64");
    if (!/[+/]/.test(id)) return id;
  }
}

export interface SocketContext {
  connectionId: string;
  connectedAt: number;
  sourceIp: string;
  userAgent: string;
  domainName: string;
}

/** CONNECT and DISCONNECT events carry no messageId (MESSAGE events do). */
export type WebsocketRequestContext = Omit<APIGatewayProxyWebsocketEventV2["requestContext"], "messageId"> & {
  messageId?: string;
  identity: { sourceIp: string; userAgent: string };
};
export interface WebsocketConnectEvent {
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
  queryStringParameters?: Record<string, string>;
  multiValueQueryStringParameters?: Record<string, string[]>;
  requestContext: WebsocketRequestContext;
  isBase64Encoded: boolean;
}
export interface WebsocketDisconnectEvent {
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
  requestContext: WebsocketRequestContext & { disconnectStatusCode: number; disconnectReason: string };
  isBase64Encoded: boolean;
}

function socketRequestContext(
  ctx: SocketContext,
  routeKey: string,
  eventType: "CONNECT" | "MESSAGE" | "DISCONNECT",
  now: number,
): WebsocketRequestContext {
  return {
    routeKey,
    eventType,
    extendedRequestId: randomBytes(8).toString("base64").replace(/[+/=]/g, "A"),
    requestTime: clfTime(now),
    messageDirection: "IN" as const,
    stage: WS_STAGE,
    connectedAt: ctx.connectedAt,
    requestTimeEpoch: now,
    identity: { sourceIp: ctx.sourceIp, userAgent: ctx.userAgent },
    requestId: randomBytes(8).toString("base64").replace(/[+/=]/g, "B"),
    domainName: ctx.domainName,
    connectionId: ctx.connectionId,
    apiId: LOCAL_API_ID,
  };
}

function pushTo(map: Record<string, string[]>, key: string, value: string) {
  const list = map[key];
  if (list) list.push(value);
  else map[key] = [value];
}

/** Pairs [name, value] with the header names in the client's case, as the WebSocket API delivers them. */
function headerPairs(req: IncomingHttp): Array<[string, string]> {
  if (req.rawHeaders?.length) {
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
      pairs.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
    return pairs;
  }
  return Object.entries(lowerHeaders(req.headers));
}

export function socketContextOf(req: IncomingHttp, connectionId: string, now = Date.now()): SocketContext {
  const headers = lowerHeaders(req.headers);
  return {
    connectionId,
    connectedAt: now,
    sourceIp: sourceIpOf(req.remoteAddress),
    userAgent: headers["user-agent"] ?? "",
    domainName: hostnameOf(headers.host),
  };
}

/**
 * The $connect event. Note: unlike payload 2.0, headers keep the client's case (`Cookie`, `Host`):
 * read them case-insensitively.
 */
export function buildConnectEvent(
  req: IncomingHttp,
  ctx: SocketContext,
  now = Date.now(),
): WebsocketConnectEvent {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, value] of headerPairs(req)) {
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
    pushTo(multiValueHeaders, name, value);
  }
  headers["X-Forwarded-For"] ??= ctx.sourceIp;
  multiValueHeaders["X-Forwarded-For"] ??= [ctx.sourceIp];
  const { rawQueryString } = splitUrl(req.url);
  const event: WebsocketConnectEvent = {
    headers,
    multiValueHeaders,
    requestContext: socketRequestContext(ctx, "$connect", "CONNECT", now),
    isBase64Encoded: false,
  };
  if (rawQueryString) {
    const multi: Record<string, string[]> = {};
    for (const [key, value] of new URLSearchParams(rawQueryString)) pushTo(multi, key, value);
    event.multiValueQueryStringParameters = multi;
    event.queryStringParameters = Object.fromEntries(Object.entries(multi).map(([k, v]) => [k, v.at(-1)!]));
  }
  return event;
}

/** A frame from the client, routed to $default (the only route besides $connect/$disconnect). */
export function buildMessageEvent(
  ctx: SocketContext,
  data: Buffer | string,
  isBinary = false,
  now = Date.now(),
): APIGatewayProxyWebsocketEventV2 & { requestContext: WebsocketRequestContext } {
  const requestContext = {
    ...socketRequestContext(ctx, "$default", "MESSAGE", now),
    messageId: randomUUID(),
  };
  const buffer = typeof data === "string" ? Buffer.from(data) : data;
  return {
    requestContext,
    body: isBinary ? buffer.toString("base64") : buffer.toString("utf8"),
    isBase64Encoded: isBinary,
  };
}

export function buildDisconnectEvent(
  ctx: SocketContext,
  statusCode: number,
  reason: string,
  now = Date.now(),
): WebsocketDisconnectEvent {
  return {
    headers: { Host: ctx.domainName, "x-api-key": "", "X-Forwarded-For": "", "x-restapi": "" },
    multiValueHeaders: {
      Host: [ctx.domainName],
      "x-api-key": [""],
      "X-Forwarded-For": [""],
      "x-restapi": [""],
    },
    requestContext: {
      ...socketRequestContext(ctx, "$disconnect", "DISCONNECT", now),
      disconnectStatusCode: statusCode,
      disconnectReason: reason,
    },
    isBase64Encoded: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Test helpers

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

/** Normalizes whatever a handler returned the way an HTTP API does (a bare value means 200 JSON). */
export function normalizeResult(result: APIGatewayProxyResultV2 | unknown): {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
} {
  if (result && typeof result === "object" && "statusCode" in result) {
    const r = result as Exclude<APIGatewayProxyResultV2, string>;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
    const raw = r.body ?? "";
    const body = r.isBase64Encoded ? Buffer.from(raw, "base64") : Buffer.from(raw, "utf8");
    return { statusCode: Number(r.statusCode ?? 200), headers, cookies: [...(r.cookies ?? [])], body };
  }
  const text = typeof result === "string" ? result : result === undefined ? "" : JSON.stringify(result);
  return {
    statusCode: 200,
    headers: { "content-type": "application/json" },
    cookies: [],
    body: Buffer.from(text),
  };
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
