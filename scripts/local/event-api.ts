/**
 * AWS AppSync Events' stand-in on this machine (docs/architecture.md section 4): the documented HTTP
 * publish and WebSocket protocol, so the product's publisher and its browser client run unchanged
 * against it. One port serves both endpoints (AWS gives them two host names):
 *   POST <httpEndpoint>          {"channel": "/auctions/<id>", "events": ["<json string>", …]}
 *   <realtimeEndpoint>           subprotocols `aws-appsync-event-ws` and `header-<base64url of {host, x-api-key}>`
 * Authorization as the deployed namespace has it: connect and subscribe with an API key; publish
 * with IAM (SigV4, checked against the local credentials: event-api-auth.ts) or, for tests and tools,
 * an API key. The keys are AppSync's control plane in miniature, on the same port and signed with the
 * local credentials, so the key rotation's adapter (functions/adapters/realtime/appsync-key-admin.ts)
 * runs unchanged against it (AWS_ENDPOINT_URL_APPSYNC):
 *   GET    /v1/apis/<apiId>/apikeys          ListApiKeys   {"apiKeys": [{id, description, expires, deletes}]}
 *   POST   /v1/apis/<apiId>/apikeys          CreateApiKey  {"description", "expires"} (epoch seconds, 1 to 365 days out)
 *   DELETE /v1/apis/<apiId>/apikeys/<id>     DeleteApiKey
 * A key past its `expires` is refused on connect, subscribe and publish, as AWS does.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { type LocalIam, publishAuthorized, signedByLocalCredentials } from "./event-api-auth.ts";

/** What AWS documents: 5 events a publish, 240 KB an event, 5 segments a channel, 50 characters a segment. */
const MAX_EVENTS_PER_PUBLISH = 5;
const MAX_EVENT_BYTES = 240 * 1024;
const MAX_SEGMENTS = 5;
const SEGMENT = /^[A-Za-z0-9-]{1,50}$/;
const PROTOCOL = "aws-appsync-event-ws";
const HTTP_PATH = "/event";
const CONTROL_PREFIX = "/v1/apis/";
const REALTIME_PATH = "/event/realtime";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** AppSync removes an expired key 60 days after it expired. */
const DELETES_AFTER_MS = 60 * DAY_MS;

export interface LocalEventApiOptions {
  /** 0 (default) picks a free one. */
  port?: number;
  /**
   * The first key subscribers (and tests' publishers) present, valid 365 days; a random one by
   * default; `null` for none (the key rotation makes the first, as on a fresh stage).
   */
  apiKey?: string | null;
  /** The id of the API the key calls name. Default `local`. */
  apiId?: string;
  /** The time keys expire by (tests move it). Default Date.now. */
  now?: () => number;
  /** The channel namespaces that exist. Default: `auctions`. */
  namespaces?: readonly string[];
  /** What `connection_ack` announces; AWS says 300000. */
  connectionTimeoutMs?: number;
  /** How often `ka` goes out; AWS sends one about every minute. */
  keepAliveEveryMs?: number;
  /** The SigV4 credentials a publish or a key call may be signed with (the local stack's dummy ones). */
  iam?: LocalIam;
}

/** An API key as AppSync describes it: times in epoch seconds. */
export interface LocalApiKey {
  id: string;
  description?: string;
  expires: number;
  deletes: number;
}

export interface LocalEventApi {
  httpEndpoint: string;
  realtimeEndpoint: string;
  /** The `host` a client puts in its authorization header (the HTTP endpoint's). */
  host: string;
  /** The newest valid key (what a test subscribes with), "" when there is none. */
  readonly apiKey: string;
  apiId: string;
  /** The base URL of the key API, for AWS_ENDPOINT_URL_APPSYNC. */
  controlEndpoint: string;
  /** The keys as ListApiKeys gives them. */
  keys(): LocalApiKey[];
  /** Counters for benchmarks: events accepted, frames delivered, connections open now. */
  stats(): { published: number; delivered: number; connections: number };
  close(): Promise<void>;
}

type ErrorType = "UnauthorizedException" | "BadRequestException" | "UnsupportedOperation";
type ControlErrorType =
  | "BadRequestException"
  | "NotFoundException"
  | "UnauthorizedException"
  | "ApiKeyValidityOutOfBoundsException";
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
  const now = options.now ?? Date.now;
  const apiId = options.apiId ?? "local";
  const apiKeys = new Map<string, LocalApiKey>();
  const newKeyId = () => `da2-${randomUUID().replaceAll("-", "")}`;
  const addKey = (id: string, expiresMs: number, description?: string): LocalApiKey => {
    // AppSync rounds an expiry down to the hour.
    const expires = Math.floor(expiresMs / HOUR_MS) * (HOUR_MS / 1000);
    const key = {
      id,
      expires,
      deletes: expires + DELETES_AFTER_MS / 1000,
      ...(description ? { description } : {}),
    };
    apiKeys.set(id, key);
    return key;
  };
  if (options.apiKey !== null) addKey(options.apiKey ?? newKeyId(), now() + 365 * DAY_MS);
  const dropDeleted = () => {
    for (const [id, key] of apiKeys) if (key.deletes * 1000 <= now()) apiKeys.delete(id);
  };
  const validKey = (key: unknown): boolean => {
    const found = typeof key === "string" ? apiKeys.get(key) : undefined;
    return found !== undefined && found.expires * 1000 > now();
  };
  const newestValidKey = (): string =>
    [...apiKeys.values()]
      .filter((k) => validKey(k.id))
      .reduce<LocalApiKey | undefined>((best, k) => (!best || k.expires > best.expires ? k : best), undefined)
      ?.id ?? "";
  const namespaces = options.namespaces ?? ["auctions"];
  const connectionTimeoutMs = options.connectionTimeoutMs ?? 300_000;
  const keepAliveEveryMs = options.keepAliveEveryMs ?? 60_000;
  const subscribers = new Set<Subscriber>();
  let published = 0;
  let delivered = 0;

  const keyIsValid = (auth: unknown) =>
    typeof auth === "object" && auth !== null && validKey((auth as Record<string, unknown>)["x-api-key"]);

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
    if ((req.url ?? "").startsWith(CONTROL_PREFIX)) return onControl(req, res);
    if (req.url !== HTTP_PATH || req.method !== "POST") {
      return answer(404, { errors: errorsOf("BadRequestException", "POST /event only") });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const allowed = await publishAuthorized(
      { method: "POST", path: HTTP_PATH, headers: req.headers, body: raw },
      { validKey, iam: options.iam },
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

  /** AppSync's ListApiKeys, CreateApiKey and DeleteApiKey on this API, for SigV4-signed callers. */
  async function onControl(req: IncomingMessage, res: ServerResponse) {
    const answer = (status: number, body: unknown, errorType?: ControlErrorType) => {
      res
        .writeHead(status, {
          "content-type": "application/json",
          ...(errorType ? { "x-amzn-errortype": errorType } : {}),
        })
        .end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://localhost");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const signed =
      options.iam !== undefined &&
      (await signedByLocalCredentials(
        {
          method: req.method ?? "GET",
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          body: raw,
        },
        options.iam,
      ));
    if (!signed)
      return answer(
        401,
        { message: "The request is not signed with the local credentials." },
        "UnauthorizedException",
      );
    const match = /^\/v1\/apis\/([^/]+)\/apikeys(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match || match[1] !== apiId)
      return answer(404, { message: `No API ${match?.[1] ?? url.pathname}` }, "NotFoundException");
    dropDeleted();
    const id = match[2] ? decodeURIComponent(match[2]) : undefined;
    if (req.method === "GET" && !id) return answer(200, { apiKeys: [...apiKeys.values()] });
    if (req.method === "POST" && !id) {
      let body: { description?: unknown; expires?: unknown };
      try {
        body = raw.length ? JSON.parse(raw.toString("utf8")) : {};
      } catch {
        return answer(400, { message: "The body is not JSON." }, "BadRequestException");
      }
      const expiresMs = body.expires === undefined ? now() + 7 * DAY_MS : Number(body.expires) * 1000;
      const ahead = expiresMs - now();
      if (!Number.isFinite(expiresMs) || ahead < DAY_MS || ahead > 365 * DAY_MS) {
        return answer(
          400,
          { message: "API key must be valid for a minimum of 1 day and a maximum of 365 days." },
          "ApiKeyValidityOutOfBoundsException",
        );
      }
      const description = typeof body.description === "string" ? body.description : undefined;
      return answer(200, { apiKey: addKey(newKeyId(), expiresMs, description) });
    }
    if (req.method === "DELETE" && id) {
      if (!apiKeys.delete(id)) return answer(404, { message: `No API key ${id}` }, "NotFoundException");
      return answer(200, {});
    }
    return answer(400, { message: `${req.method} ${url.pathname} is not a key call` }, "BadRequestException");
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
    get apiKey() {
      return newestValidKey();
    },
    apiId,
    controlEndpoint: `http://${host}`,
    keys: () => {
      dropDeleted();
      return [...apiKeys.values()].map((k) => ({ ...k }));
    },
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
