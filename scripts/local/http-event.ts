/**
 * The HTTP API's payload 2.0 event (APIGatewayProxyEventV2) built from what a Node http server sees,
 * and the HTTP answer made of whatever a handler returns. Pure functions (ids and clocks can be
 * injected), so tests can pin them.
 */
import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from "aws-lambda";
import type { HttpRoute } from "../../functions/routes.ts";

export const LOCAL_API_ID = "local";

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

export function sourceIpOf(remoteAddress: string | undefined): string {
  if (!remoteAddress) return "127.0.0.1";
  return remoteAddress.startsWith("::ffff:") ? remoteAddress.slice(7) : remoteAddress;
}

export function lowerHeaders(headers: IncomingHttp["headers"]): Record<string, string> {
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

export function hostnameOf(host: string | undefined): string {
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
