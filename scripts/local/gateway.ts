/**
 * The local API Gateway: one Node http server that stands in for the HTTP API, the WebSocket API
 * and its management endpoint, and hosts the local scheduler (clock.ts).
 *
 *   /api/*                      -> route table (functions/routes.ts) -> payload 2.0 event -> handler
 *   /ws  (WebSocket upgrade)    -> realtime/connect (a non-2xx answer refuses the upgrade), then
 *                                  realtime/default per frame, realtime/disconnect on close
 *   /@connections/{id}          -> POST (send), GET (info), DELETE (close): the API Gateway management
 *                                  API, shaped for the real @aws-sdk/client-apigatewaymanagementapi
 *                                  client with `endpoint` = this server's URL; only at the root,
 *                                  never under /api or a stage path
 *   /@schedules[/{name}]        -> the local EventBridge Scheduler (contract in clock.ts)
 *   /media, /media/{key}        -> the media bucket's stand-in: presigned-POST uploads, then the files
 *
 * Each part lives in gateway/: http-api.ts, websocket-api.ts, management-api.ts, schedules-api.ts.
 * Handlers are the very modules Lambda runs, imported on first use (handlers.ts): a missing module
 * answers 501 JSON, a thrown error 500 `{"message":"Internal Server Error"}` (no stack; the stack is
 * logged here).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createLocalClock, type LocalClock } from "./clock.ts";
import { handlerCalls } from "./gateway/handler-calls.ts";
import { handleApi } from "./gateway/http-api.ts";
import { type GatewayLog, sendJson } from "./gateway/http-io.ts";
import { handleManagement, MANAGEMENT_PATH } from "./gateway/management-api.ts";
import { handleMedia, isMediaPath } from "./gateway/media-api.ts";
import { handleSchedules } from "./gateway/schedules-api.ts";
import { websocketApi } from "./gateway/websocket-api.ts";
import { type HandlerLoader, loadHandler } from "./handlers.ts";
import { splitUrl } from "./http-event.ts";
import { defaultMediaDir } from "./paths.ts";

export interface GatewayOptions {
  /** Default env GATEWAY_PORT, else 3001. 0 picks a free port. */
  port?: number;
  host?: string;
  /** How handler ids become functions (tests inject fakes). */
  loader?: HandlerLoader;
  /** The scheduler behind /@schedules; one is created (with the same loader) when absent. */
  clock?: LocalClock;
  logRequests?: boolean;
  /**
   * Send the body a $default handler returns back to the client, as a WebSocket route with a route
   * response does. Default false: the deployed $default route has none (infra/constructs/realtime.ts),
   * so there a returned body goes nowhere and handlers answer with PostToConnection.
   */
  twoWayDefaultRoute?: boolean;
  /** Where diagnostics go (default console.warn / console.error). */
  log?: GatewayLog;
  /** Where uploaded photos are kept (default env LOCAL_MEDIA_DIR, else .data/media). */
  mediaDir?: string;
}

export interface Gateway {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  server: Server;
  clock: LocalClock;
  connectionIds(): string[];
  close(): Promise<void>;
}

const defaultLog: GatewayLog = (level, message, extra) => {
  const line = `[gateway] ${message}`;
  if (level === "error") console.error(line, extra ?? "");
  else if (level === "warn") console.warn(line, extra ?? "");
  else console.log(line);
};

export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const loader = options.loader ?? loadHandler;
  const clock = options.clock ?? createLocalClock({ loader });
  const ownsClock = !options.clock;
  const mediaDir = options.mediaDir ?? (process.env.LOCAL_MEDIA_DIR || defaultMediaDir);
  const calls = handlerCalls(loader, options.log ?? defaultLog);
  let closing = false;
  const sockets = websocketApi(calls, {
    twoWayDefaultRoute: options.twoWayDefaultRoute ?? false,
    isClosing: () => closing,
  });
  const { connections } = sockets;

  const server = createServer((req, res) => {
    route(req, res).catch((error) => {
      calls.log("error", `${req.method} ${req.url} failed in the gateway`, error);
      if (!res.headersSent) sendJson(res, 500, { message: "Internal Server Error" });
      else res.destroy();
    });
  });
  server.on("upgrade", sockets.onUpgrade);

  async function route(req: IncomingMessage, res: ServerResponse) {
    const { path } = splitUrl(req.url ?? "/");
    const management = MANAGEMENT_PATH.exec(path);
    if (management) return handleManagement(connections, req, res, decodeURIComponent(management[1]!));
    if (path === "/@schedules" || path.startsWith("/@schedules/"))
      return handleSchedules(clock, req, res, path);
    if (isMediaPath(path)) return handleMedia(mediaDir, req, res, path);
    if (path === "/api" || path.startsWith("/api/")) {
      return handleApi(calls, req, res, path, options.logRequests ?? false);
    }
    sendJson(res, 404, { message: "Not found" });
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
            while (calls.pending().length || connections.size) {
              // With nothing pending, allSettled([]) resolves at once: without the timer this loop would
              // never yield to I/O, so the sockets' close frames (and the 3 s limit) could never arrive.
              const inFlight = calls.pending();
              const settled = inFlight.length ? Promise.allSettled(inFlight) : new Promise(() => {});
              await Promise.race([settled, new Promise((r) => setTimeout(r, 50))]);
            }
          })(),
          new Promise((r) => setTimeout(r, 3000)),
        ]);
        for (const { ws } of connections.values()) ws.terminate();
        sockets.close();
        server.closeAllConnections();
        if (ownsClock) await clock.stop();
        await serverClosed;
      })();
      return closed;
    },
  };
}
