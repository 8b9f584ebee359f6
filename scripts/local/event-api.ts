/**
 * AWS AppSync Events' stand-in on this machine (docs/architecture.md section 4): the documented HTTP
 * publish and WebSocket protocol, so the product's publisher and its browser client run unchanged
 * against it. One port serves both endpoints (AWS gives them two host names):
 *   POST <httpEndpoint>          {"channel": "/auctions/<id>", "events": ["<json string>", …]}
 *   <realtimeEndpoint>           subprotocols `aws-appsync-event-ws` and `header-<base64url of {host, x-api-key}>`
 * Authorization as the deployed namespace has it: connect and subscribe with the API key; publish
 * with IAM (SigV4, checked against the local credentials: event-api-auth.ts) or, for tests and tools,
 * the API key.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { type PublishAuth, publishAuthorized } from "./event-api-auth.ts";

/** What AWS documents: 5 events a publish, 240 KB an event, 5 segments a channel, 50 characters a segment. */
const MAX_EVENTS_PER_PUBLISH = 5;
const MAX_EVENT_BYTES = 240 * 1024;
const MAX_SEGMENTS = 5;
const SEGMENT = /^[A-Za-z0-9-]{1,50}$/;
const PROTOCOL = "aws-appsync-event-ws";
const HTTP_PATH = "/event";
const REALTIME_PATH = "/event/realtime";

export interface LocalEventApiOptions {
  /** 0 (default) picks a free one. */
  port?: number;
  /** The key subscribers (and tests' publishers) present; a random one by default. */
  apiKey?: string;
  /** The channel namespaces that exist. Default: `auctions`. */
  namespaces?: readonly string[];
  /** What `connection_ack` announces; AWS says 300000. */
  connectionTimeoutMs?: number;
  /** How often `ka` goes out; AWS sends one about every minute. */
  keepAliveEveryMs?: number;
  /** The SigV4 credentials a publish may be signed with (the local stack's dummy ones). */
  iam?: PublishAuth["iam"];
}

export interface LocalEventApi {
  httpEndpoint: string;
  realtimeEndpoint: string;
  /** The `host` a client puts in its authorization header (the HTTP endpoint's). */
  host: string;
  apiKey: string;
  /** Counters for benchmarks: events accepted, frames delivered, connections open now. */
  stats(): { published: number; delivered: number; connections: number };
  close(): Promise<void>;
}

type ErrorType = "UnauthorizedException" | "BadRequestException" | "UnsupportedOperation";
const errorsOf = (errorType: ErrorType, message: string) => [{ errorType, message }];

/**
 * A channel's segments, or why it is not one. A subscription may end in the wildcard segment `*`
 * (it then receives every channel below that path, as AWS defines it); a publish names one channel.
 */
export function parseChannel(
  channel: unknown,
  namespaces: readonly string[],
  allowWildcard: boolean,
): { segments: string[] } | { error: string } {
  if (typeof channel !== "string" || !channel.startsWith("/")) return { error: "channel must start with /" };
  const segments = channel.slice(1).split("/");
  if (segments.length > MAX_SEGMENTS) return { error: `a channel has at most ${MAX_SEGMENTS} segments` };
  const wildcard = allowWildcard && segments.length > 1 && segments.at(-1) === "*";
  const named = wildcard ? segments.slice(0, -1) : segments;
  if (!named.every((segment) => SEGMENT.test(segment))) return { error: `invalid channel ${channel}` };
  if (!namespaces.includes(named[0]!)) return { error: `no channel namespace ${named[0]}` };
  return { segments };
}

/** Whether a subscription's path (maybe ending in `*`) covers a published channel. */
export function channelMatches(subscription: readonly string[], channel: readonly string[]): boolean {
  if (subscription.at(-1) === "*") {
    const prefix = subscription.slice(0, -1);
    return channel.length > prefix.length && prefix.every((segment, i) => channel[i] === segment);
  }
  return subscription.length === channel.length && subscription.every((segment, i) => channel[i] === segment);
}

/** The authorization a client puts in its `header-…` subprotocol: base64url of JSON. */
function headerOfProtocols(protocols: Iterable<string>): Record<string, unknown> | null {
  for (const protocol of protocols) {
    if (!protocol.startsWith("header-")) continue;
    try {
      const decoded = JSON.parse(Buffer.from(protocol.slice("header-".length), "base64url").toString("utf8"));
      return decoded && typeof decoded === "object" ? (decoded as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return null;
}

interface Subscriber {
  ws: WebSocket;
  subscriptions: Map<string, string[]>;
}

export async function startLocalEventApi(options: LocalEventApiOptions = {}): Promise<LocalEventApi> {
  const apiKey = options.apiKey ?? `da2-${randomUUID().replaceAll("-", "")}`;
  const namespaces = options.namespaces ?? ["auctions"];
  const connectionTimeoutMs = options.connectionTimeoutMs ?? 300_000;
  const keepAliveEveryMs = options.keepAliveEveryMs ?? 60_000;
  const subscribers = new Set<Subscriber>();
  let published = 0;
  let delivered = 0;

  const keyIsValid = (auth: unknown) =>
    typeof auth === "object" && auth !== null && (auth as Record<string, unknown>)["x-api-key"] === apiKey;

  /** Accepts the batch or tells why not; each event reaches every matching subscription once. */
  function publish(channel: unknown, events: unknown): { status: number; body: unknown } {
    const parsed = parseChannel(channel, namespaces, false);
    if ("error" in parsed)
      return { status: 400, body: { errors: errorsOf("BadRequestException", parsed.error) } };
    if (
      !Array.isArray(events) ||
      events.length < 1 ||
      events.length > MAX_EVENTS_PER_PUBLISH ||
      !events.every((event) => typeof event === "string")
    ) {
      return {
        status: 400,
        body: {
          errors: errorsOf(
            "BadRequestException",
            `events must be 1 to ${MAX_EVENTS_PER_PUBLISH} JSON strings`,
          ),
        },
      };
    }
    const successful: Array<{ identifier: string; index: number }> = [];
    const failed: Array<{ identifier: string; index: number; code: number; message: string }> = [];
    events.forEach((event: string, index) => {
      const identifier = randomUUID();
      if (Buffer.byteLength(event) > MAX_EVENT_BYTES || !isJson(event)) {
        failed.push({ identifier, index, code: 400, message: "an event is a JSON string of at most 240 KB" });
        return;
      }
      successful.push({ identifier, index });
      published++;
      for (const subscriber of subscribers) {
        for (const [id, path] of subscriber.subscriptions) {
          if (!channelMatches(path, parsed.segments)) continue;
          subscriber.ws.send(JSON.stringify({ type: "data", id, event }));
          delivered++;
        }
      }
    });
    return { status: 200, body: { failed, successful } };
  }

  async function onHttp(req: IncomingMessage, res: ServerResponse) {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.url !== HTTP_PATH || req.method !== "POST") {
      return answer(404, { errors: errorsOf("BadRequestException", "POST /event only") });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const allowed = await publishAuthorized(
      { method: "POST", path: HTTP_PATH, headers: req.headers, body: raw },
      { apiKey, iam: options.iam },
    );
    if (!allowed) {
      return answer(401, {
        errors: errorsOf("UnauthorizedException", "You are not authorized to make this call."),
      });
    }
    let body: { channel?: unknown; events?: unknown };
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      return answer(400, { errors: errorsOf("BadRequestException", "the body is not JSON") });
    }
    const result = publish(body?.channel, body?.events);
    answer(result.status, result.body);
  }

  const server = createServer((req, res) => {
    onHttp(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
  });

  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if ((req.url ?? "").split("?")[0] !== REALTIME_PATH) return refuse(404, "Not Found");
    const protocols = (req.headers["sec-websocket-protocol"] ?? "").split(",").map((p) => p.trim());
    if (!protocols.includes(PROTOCOL)) return refuse(400, "Bad Request");
    // AWS refuses the handshake itself when the connect authorization fails.
    if (!keyIsValid(headerOfProtocols(protocols))) return refuse(401, "Unauthorized");
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws));
  });

  function onConnection(ws: WebSocket) {
    const subscriber: Subscriber = { ws, subscriptions: new Map() };
    subscribers.add(subscriber);
    let keepAlive: NodeJS.Timeout | undefined;
    const send = (message: unknown) => ws.send(JSON.stringify(message));
    ws.on("close", () => {
      clearInterval(keepAlive);
      subscribers.delete(subscriber);
    });
    ws.on("message", (data) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return send({ type: "error", errors: errorsOf("BadRequestException", "a message is JSON") });
      }
      const id = message.id;
      switch (message.type) {
        case "connection_init":
          send({ type: "connection_ack", connectionTimeoutMs });
          clearInterval(keepAlive);
          send({ type: "ka" });
          keepAlive = setInterval(() => send({ type: "ka" }), keepAliveEveryMs);
          keepAlive.unref();
          return;
        case "subscribe": {
          if (typeof id !== "string" || !id) {
            return send({
              type: "subscribe_error",
              errors: errorsOf("BadRequestException", "id is required"),
            });
          }
          if (!keyIsValid(message.authorization)) {
            return send({
              type: "subscribe_error",
              id,
              errors: errorsOf("UnauthorizedException", "You are not authorized to make this call."),
            });
          }
          const parsed = parseChannel(message.channel, namespaces, true);
          if ("error" in parsed) {
            return send({
              type: "subscribe_error",
              id,
              errors: errorsOf("BadRequestException", parsed.error),
            });
          }
          if (subscriber.subscriptions.has(id)) {
            return send({
              type: "subscribe_error",
              id,
              errors: errorsOf("BadRequestException", `subscription ${id} exists`),
            });
          }
          subscriber.subscriptions.set(id, parsed.segments);
          return send({ type: "subscribe_success", id });
        }
        case "unsubscribe":
          if (typeof id !== "string" || !subscriber.subscriptions.delete(id)) {
            return send({
              type: "unsubscribe_error",
              id,
              errors: errorsOf("BadRequestException", "no such subscription"),
            });
          }
          return send({ type: "unsubscribe_success", id });
        default:
          return send({
            type: "error",
            id,
            errors: errorsOf("UnsupportedOperation", `unsupported message type ${String(message.type)}`),
          });
      }
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const host = `127.0.0.1:${port}`;
  return {
    httpEndpoint: `http://${host}${HTTP_PATH}`,
    realtimeEndpoint: `ws://${host}${REALTIME_PATH}`,
    host,
    apiKey,
    stats: () => ({ published, delivered, connections: subscribers.size }),
    async close() {
      for (const { ws } of subscribers) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
