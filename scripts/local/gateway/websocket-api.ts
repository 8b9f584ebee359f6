import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { socketRoutes } from "../../../functions/routes.ts";
import { MissingHandlerError } from "../handlers.ts";
import { normalizeResult, splitUrl } from "../http-event.ts";
import {
  buildConnectEvent,
  buildDisconnectEvent,
  buildMessageEvent,
  newConnectionId,
  type SocketContext,
  socketContextOf,
} from "../socket-events.ts";
import type { HandlerCalls } from "./handler-calls.ts";
import { MAX_WS_MESSAGE, rejectUpgrade } from "./http-io.ts";

const WS_PATH = "/ws";

const wsHandler = Object.fromEntries(socketRoutes.map((r) => [r.routeKey, r.handler])) as Record<
  (typeof socketRoutes)[number]["routeKey"],
  string
>;

export interface Connection {
  ws: WebSocket;
  ctx: SocketContext;
  lastActiveAt: number;
}

export interface WebsocketApiOptions {
  /** Send what $default returns back to the client (a two-way route); see GatewayOptions. */
  twoWayDefaultRoute: boolean;
  isClosing(): boolean;
}

/**
 * /ws: realtime/connect decides the upgrade (a non-2xx answer refuses it), realtime/default runs per
 * frame, realtime/disconnect on close. `connections` is what the management API posts to.
 */
export function websocketApi(calls: HandlerCalls, options: WebsocketApiOptions) {
  const connections = new Map<string, Connection>();
  const chosenProtocol = new WeakMap<IncomingMessage, string>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_MESSAGE,
    handleProtocols: (_protocols, request) => chosenProtocol.get(request) ?? false,
  });

  async function handleUpgrade(req: IncomingMessage, socket: Socket, head: Buffer) {
    const { path } = splitUrl(req.url ?? "/");
    if (options.isClosing()) {
      return rejectUpgrade(socket, 503, JSON.stringify({ message: "Service Unavailable" }));
    }
    if (path !== WS_PATH && path !== `${WS_PATH}/`) {
      return rejectUpgrade(socket, 404, JSON.stringify({ message: "Not found" }));
    }
    const incoming = {
      method: "GET",
      url: req.url ?? WS_PATH,
      headers: req.headers,
      rawHeaders: req.rawHeaders,
      remoteAddress: req.socket.remoteAddress,
    };
    const ctx = socketContextOf(incoming, newConnectionId());
    const event = buildConnectEvent(incoming, ctx);
    try {
      const raw = await calls.call(wsHandler.$connect, event);
      const result = normalizeResult(raw ?? { statusCode: 200 });
      if (result.statusCode < 200 || result.statusCode > 299) {
        return rejectUpgrade(socket, result.statusCode, result.body.toString("utf8"));
      }
      const protocol = result.headers["sec-websocket-protocol"];
      if (protocol) chosenProtocol.set(req, protocol);
    } catch (error) {
      if (error instanceof MissingHandlerError) calls.warnMissingOnce(error);
      else {
        calls.log("error", `handler ${wsHandler.$connect} threw`, error);
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
        calls.log("error", "WebSocket message failed", error),
      );
    });
    ws.on("error", () => {});
    ws.on("close", (code, reason) => {
      connections.delete(ctx.connectionId);
      const event = buildDisconnectEvent(ctx, code, reason.toString("utf8"));
      calls.call(wsHandler.$disconnect, event).catch((error) => {
        if (error instanceof MissingHandlerError) calls.warnMissingOnce(error);
        else calls.log("error", `handler ${wsHandler.$disconnect} threw`, error);
      });
    });
  }

  async function onMessage(connection: Connection, data: Buffer, isBinary: boolean) {
    const event = buildMessageEvent(connection.ctx, data, isBinary);
    try {
      const raw = await calls.call(wsHandler.$default, event);
      // Only a two-way route (one with a route response) sends the returned body back to the client.
      if (!options.twoWayDefaultRoute || raw === undefined || raw === null) return;
      const result = normalizeResult(raw);
      if (result.body.length && connection.ws.readyState === connection.ws.OPEN) {
        connection.ws.send(result.body, { binary: !isUtf8(result.body) });
      }
    } catch (error) {
      if (error instanceof MissingHandlerError) return calls.warnMissingOnce(error);
      calls.log("error", `handler ${wsHandler.$default} threw`, error);
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

  return {
    connections,
    onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer) {
      socket.on("error", () => {});
      handleUpgrade(req, socket, head).catch((error) => {
        calls.log("error", "WebSocket upgrade failed", error);
        rejectUpgrade(socket, 500, JSON.stringify({ message: "Internal Server Error" }));
      });
    },
    close: () => wss.close(),
  };
}
