/**
 * The local API Gateway: one Node http server that stands in for the HTTP API, the WebSocket API
 * and its management endpoint, and hosts the local scheduler (clock.ts).
 *
 *   /api/*                      -> route table (functions/routes.ts) -> payload 2.0 event -> handler
 *   /ws  (WebSocket upgrade)    -> realtime/connect (a non-2xx answer refuses the upgrade), then
 *                                  realtime/default per frame, realtime/disconnect on close
 *   /@connections/{id}          -> POST (send), GET (info), DELETE (close): the API Gateway management
 *                                  API, shaped for the real @aws-sdk/client-apigatewaymanagementapi
 *                                  client with `endpoint` = this server's URL (a stage path such as
 *                                  /ws before /@connections is accepted too)
 *   /@schedules[/{name}]        -> the local EventBridge Scheduler (contract in clock.ts)
 *
 * Handlers are the very modules Lambda runs, imported on first use (handlers.ts): a missing module
 * answers 501 JSON, a thrown error 500 `{"message":"Internal Server Error"}` (no stack; the stack is
 * logged here).
 */
import { isUtf8 } from "node:buffer";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { type HttpRoute, httpRoutes, matchRoute, socketRoutes } from "../../functions/routes.ts";
import { createLocalClock, type LocalClock, parseScheduleRequest } from "./clock.ts";
import {
  buildConnectEvent,
  buildDisconnectEvent,
  buildHttpEvent,
  buildMessageEvent,
  newConnectionId,
  normalizeResult,
  type SocketContext,
  socketContextOf,
  splitUrl,
} from "./events.ts";
import { type HandlerLoader, invoke, loadHandler, MissingHandlerError } from "./handlers.ts";

export interface GatewayOptions {
  /** Default env GATEWAY_PORT, else 3001. 0 picks a free port. */
  port?: number;
  host?: string;
  /** How handler ids become functions (tests inject fakes). */
  loader?: HandlerLoader;
  /** The scheduler behind /@schedules; one is created (with the same loader) when absent. */
  clock?: LocalClock;
  /** Print one line per API request. */
  logRequests?: boolean;
  /**
   * Send the body a $default handler returns back to the client, as a WebSocket route with a route
   * response does. Default false: the deployed $default route has none (infra/constructs/realtime.ts),
   * so there a returned body goes nowhere and handlers answer with PostToConnection.
   */
  twoWayDefaultRoute?: boolean;
  /** Where diagnostics go (default console.warn / console.error). */
  log?: (level: "info" | "warn" | "error", message: string, extra?: unknown) => void;
}

export interface Gateway {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  server: Server;
  clock: LocalClock;
  /** Ids of the open WebSocket connections. */
  connectionIds(): string[];
  close(): Promise<void>;
}

/** API Gateway's limits: 10 MB HTTP API payload, 128 KB WebSocket message. */
const MAX_HTTP_BODY = 10 * 1024 * 1024;
const MAX_WS_MESSAGE = 128 * 1024;
const WS_PATH = "/ws";
const MANAGEMENT = /^(?:\/[^@]*)?\/@connections\/([^/]+)\/?$/;

const wsHandler = Object.fromEntries(socketRoutes.map((r) => [r.routeKey, r.handler])) as Record<
  (typeof socketRoutes)[number]["routeKey"],
  string
>;

interface Connection {
  ws: WebSocket;
  ctx: SocketContext;
  lastActiveAt: number;
}

function defaultLog(level: "info" | "warn" | "error", message: string, extra?: unknown) {
  const line = `[gateway] ${message}`;
  if (level === "error") console.error(line, extra ?? "");
  else if (level === "warn") console.warn(line, extra ?? "");
  else console.log(line);
}

/** Routes that exist now: the local-payments-only ones vanish when Stripe is the provider. */
export function activeRoutes(): readonly HttpRoute[] {
  return process.env.PAYMENT_PROVIDER === "stripe"
    ? httpRoutes.filter((r) => !r.localPaymentsOnly)
    : httpRoutes;
}

export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const loader = options.loader ?? loadHandler;
  const log = options.log ?? defaultLog;
  const clock = options.clock ?? createLocalClock({ loader });
  const ownsClock = !options.clock;
  const connections = new Map<string, Connection>();
  const pending = new Set<Promise<unknown>>();
  const warnedMissing = new Set<string>();
  let closing = false;

  /** Runs a handler, remembering the call so close() can wait for it. */
  function track<T>(promise: Promise<T>): Promise<T> {
    pending.add(promise);
    promise.then(
      () => pending.delete(promise),
      () => pending.delete(promise),
    );
    return promise;
  }

  function warnMissingOnce(error: MissingHandlerError) {
    if (warnedMissing.has(error.handlerId)) return;
    warnedMissing.add(error.handlerId);
    log("warn", error.message);
  }

  // ------------------------------------------------------------------------------- HTTP
  const server = createServer((req, res) => {
    handleHttp(req, res).catch((error) => {
      log("error", `${req.method} ${req.url} failed in the gateway`, error);
      if (!res.headersSent) sendJson(res, 500, { message: "Internal Server Error" });
      else res.destroy();
    });
  });

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    const { path } = splitUrl(req.url ?? "/");
    const management = MANAGEMENT.exec(path);
    if (management) return handleManagement(req, res, decodeURIComponent(management[1]!));
    if (path === "/@schedules" || path.startsWith("/@schedules/")) return handleSchedules(req, res, path);
    if (path === "/api" || path.startsWith("/api/")) return handleApi(req, res, path);
    sendJson(res, 404, { message: "Not found" });
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string) {
    const started = Date.now();
    const method = (req.method ?? "GET").toUpperCase();
    const routes = activeRoutes();
    const match = matchRoute(method, path, routes);
    if (!match) return sendJson(res, 404, { message: "Not found" });
    if ("methodNotAllowed" in match) {
      const allow = routes.filter((r) => matchRoute(r.method, path, [r])).map((r) => r.method);
      return sendJson(res, 405, { message: "Method not allowed" }, { allow: [...new Set(allow)].join(", ") });
    }
    const body = await readBody(req, MAX_HTTP_BODY);
    if (body === null) return sendJson(res, 413, { message: "Request Entity Too Large" });
    const event = buildHttpEvent(
      { method, url: req.url ?? path, headers: req.headers, body, remoteAddress: req.socket.remoteAddress },
      match,
    );
    let status: number;
    try {
      const result = normalizeResult(await track(invoke(match.route.handler, event, loader)));
      status = result.statusCode;
      const headers: Record<string, string | string[]> = { ...result.headers };
      if (result.cookies.length) headers["set-cookie"] = result.cookies;
      headers["content-length"] = String(result.body.length);
      res.writeHead(result.statusCode, headers);
      res.end(result.body);
    } catch (error) {
      if (error instanceof MissingHandlerError) {
        status = 501;
        warnMissingOnce(error);
        sendJson(res, 501, { message: error.message });
      } else {
        status = 500;
        log("error", `handler ${match.route.handler} threw`, error);
        sendJson(res, 500, { message: "Internal Server Error" });
      }
    }
    if (options.logRequests) log("info", `${method} ${req.url} ${status} ${Date.now() - started} ms`);
  }

  // ------------------------------------------------------------------ management API
  async function handleManagement(req: IncomingMessage, res: ServerResponse, connectionId: string) {
    const method = (req.method ?? "GET").toUpperCase();
    const connection = connections.get(connectionId);
    const gone = () =>
      sendJson(
        res,
        410,
        { message: null },
        { "x-amzn-errortype": "GoneException", "x-amzn-requestid": "local" },
      );
    if (method === "POST") {
      const body = await readBody(req, MAX_WS_MESSAGE);
      if (body === null) {
        return sendJson(
          res,
          413,
          { message: "Message too long" },
          { "x-amzn-errortype": "PayloadTooLargeException" },
        );
      }
      if (!connection || connection.ws.readyState !== connection.ws.OPEN) return gone();
      const sent = await new Promise<boolean>((resolve) =>
        connection.ws.send(body, { binary: !isUtf8(body) }, (error) => resolve(!error)),
      );
      if (!sent) return gone();
      res.writeHead(200, { "content-length": "0", "x-amzn-requestid": "local" });
      return res.end();
    }
    await readBody(req, MAX_WS_MESSAGE);
    if (!connection) return gone();
    if (method === "GET") {
      return sendJson(res, 200, {
        connectedAt: new Date(connection.ctx.connectedAt).toISOString(),
        identity: { sourceIp: connection.ctx.sourceIp, userAgent: connection.ctx.userAgent },
        lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
      });
    }
    if (method === "DELETE") {
      connection.ws.close(1000, "Connection deleted");
      res.writeHead(204, { "x-amzn-requestid": "local" });
      return res.end();
    }
    sendJson(res, 404, { message: "Not found" }, { "x-amzn-errortype": "UnknownOperationException" });
  }

  // ------------------------------------------------------------------------ schedules
  async function handleSchedules(req: IncomingMessage, res: ServerResponse, path: string) {
    const method = (req.method ?? "GET").toUpperCase();
    const body = await readBody(req, 256 * 1024);
    if (path === "/@schedules" && method === "GET") return sendJson(res, 200, clock.list());
    if (path === "/@schedules" && method === "POST") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body?.toString("utf8") ?? "");
      } catch {
        return sendJson(res, 400, { message: "Body must be JSON" });
      }
      const request = parseScheduleRequest(parsed);
      if (!request.ok) return sendJson(res, 400, { message: request.message });
      clock.scheduleAt(request.name, request.atMs, request.payload);
      return sendJson(res, 201, { name: request.name, at: new Date(request.atMs).toISOString() });
    }
    const name = decodeURIComponent(path.slice("/@schedules/".length));
    if (name && !name.includes("/") && method === "DELETE") {
      if (!clock.cancel(name)) return sendJson(res, 404, { message: `Schedule ${name} does not exist` });
      res.writeHead(204);
      return res.end();
    }
    sendJson(res, 405, { message: "Method not allowed" });
  }

  // ------------------------------------------------------------------------ WebSocket
  const chosenProtocol = new WeakMap<IncomingMessage, string>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_MESSAGE,
    handleProtocols: (_protocols, request) => chosenProtocol.get(request) ?? false,
  });

  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on("error", () => {});
    handleUpgrade(req, socket, head).catch((error) => {
      log("error", "WebSocket upgrade failed", error);
      rejectUpgrade(socket, 500, JSON.stringify({ message: "Internal Server Error" }));
    });
  });

  async function handleUpgrade(req: IncomingMessage, socket: Socket, head: Buffer) {
    const { path } = splitUrl(req.url ?? "/");
    if (closing) return rejectUpgrade(socket, 503, JSON.stringify({ message: "Service Unavailable" }));
    if (path !== WS_PATH && path !== `${WS_PATH}/`) {
      return rejectUpgrade(socket, 404, JSON.stringify({ message: "Not found" }));
    }
    const connectionId = newConnectionId();
    const ctx = socketContextOf(
      {
        method: "GET",
        url: req.url ?? WS_PATH,
        headers: req.headers,
        remoteAddress: req.socket.remoteAddress,
      },
      connectionId,
    );
    const event = buildConnectEvent(
      {
        method: "GET",
        url: req.url ?? WS_PATH,
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        remoteAddress: req.socket.remoteAddress,
      },
      ctx,
    );
    try {
      const raw = await track(invoke(wsHandler.$connect, event, loader));
      const result = normalizeResult(raw ?? { statusCode: 200 });
      if (result.statusCode < 200 || result.statusCode > 299) {
        return rejectUpgrade(socket, result.statusCode, result.body.toString("utf8"));
      }
      const protocol = result.headers["sec-websocket-protocol"];
      if (protocol) chosenProtocol.set(req, protocol);
    } catch (error) {
      if (error instanceof MissingHandlerError) warnMissingOnce(error);
      else {
        log("error", `handler ${wsHandler.$connect} threw`, error);
        return rejectUpgrade(socket, 500, JSON.stringify({ message: "Internal server error" }));
      }
    }
    if (socket.destroyed) return; // the client gave up while $connect ran
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, ctx));
  }

  function accept(ws: WebSocket, ctx: SocketContext) {
    const connection: Connection = { ws, ctx, lastActiveAt: Date.now() };
    connections.set(ctx.connectionId, connection);
    ws.on("message", (data, isBinary) => {
      connection.lastActiveAt = Date.now();
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      onMessage(connection, buffer, isBinary).catch((error) =>
        log("error", "WebSocket message failed", error),
      );
    });
    ws.on("error", () => {});
    ws.on("close", (code, reason) => {
      connections.delete(ctx.connectionId);
      const event = buildDisconnectEvent(ctx, code, reason.toString("utf8"));
      track(invoke(wsHandler.$disconnect, event, loader)).catch((error) => {
        if (error instanceof MissingHandlerError) warnMissingOnce(error);
        else log("error", `handler ${wsHandler.$disconnect} threw`, error);
      });
    });
  }

  async function onMessage(connection: Connection, data: Buffer, isBinary: boolean) {
    const event = buildMessageEvent(connection.ctx, data, isBinary);
    try {
      const raw = await track(invoke(wsHandler.$default, event, loader));
      // Only a two-way route (one with a route response) sends the returned body back to the client.
      if (!options.twoWayDefaultRoute || raw === undefined || raw === null) return;
      const result = normalizeResult(raw);
      if (result.body.length && connection.ws.readyState === connection.ws.OPEN) {
        connection.ws.send(result.body, { binary: !isUtf8(result.body) });
      }
    } catch (error) {
      if (error instanceof MissingHandlerError) return warnMissingOnce(error);
      log("error", `handler ${wsHandler.$default} threw`, error);
      if (connection.ws.readyState === connection.ws.OPEN) {
        connection.ws.send(
          JSON.stringify({
            message: "Internal server error",
            connectionId: connection.ctx.connectionId,
            requestId: event.requestContext.requestId,
          }),
        );
      }
    }
  }

  // --------------------------------------------------------------------------- start
  const port = options.port ?? Number(process.env.GATEWAY_PORT || 3001);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://${host}:${actualPort}`;

  let closed: Promise<void> | null = null;
  return {
    url,
    port: actualPort,
    server,
    clock,
    connectionIds: () => [...connections.keys()],
    close() {
      closed ??= (async () => {
        closing = true;
        for (const { ws } of connections.values()) ws.close(1001, "Going away");
        const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // Let $disconnect and in-flight handlers finish (bounded), then drop whatever is left.
        await Promise.race([
          (async () => {
            while (pending.size || connections.size) {
              // With nothing pending, allSettled([]) resolves at once: without the timer this loop would
              // never yield to I/O, so the sockets' close frames (and the 3 s limit) could never arrive.
              const settled = pending.size ? Promise.allSettled([...pending]) : new Promise(() => {});
              await Promise.race([settled, new Promise((r) => setTimeout(r, 50))]);
            }
          })(),
          new Promise((r) => setTimeout(r, 3000)),
        ]);
        for (const { ws } of connections.values()) ws.terminate();
        wss.close();
        server.closeAllConnections();
        if (ownsClock) await clock.stop();
        await serverClosed;
      })();
      return closed;
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** The whole body, or null when it exceeds `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function rejectUpgrade(socket: Socket, status: number, body: string) {
  if (socket.destroyed) return;
  const reason =
    status === 401 ? "Unauthorized" : status === 403 ? "Forbidden" : status === 404 ? "Not Found" : "Error";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
