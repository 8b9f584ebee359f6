/**
 * The WebSocket API's CONNECT / MESSAGE / DISCONNECT events, built from what a Node http server
 * sees. Pure functions (clocks can be injected).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import {
  clfTime,
  hostnameOf,
  type IncomingHttp,
  LOCAL_API_ID,
  lowerHeaders,
  sourceIpOf,
  splitUrl,
} from "./http-event.ts";

/** The WebSocket API's stage is named `ws` (docs/architecture.md section 1), so CloudFront forwards /ws unchanged. */
export const WS_STAGE = "ws";

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
