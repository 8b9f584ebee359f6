import { isUtf8 } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_WS_MESSAGE, readBody, sendJson } from "./http-io.ts";
import type { Connection } from "./websocket-api.ts";

/**
 * Exactly `/@connections/{id}` (the endpoint the local stack gives WS_MANAGEMENT_ENDPOINT), never under
 * another path: `/api/x/@connections/{id}` is an API path, and the site's proxy forwards every /api path
 * here, so a looser match would let any page post to any socket.
 */
export const MANAGEMENT_PATH = /^\/@connections\/([^/]+)\/?$/;

/**
 * The API Gateway management API: POST (send), GET (info), DELETE (close), shaped for the real
 * @aws-sdk/client-apigatewaymanagementapi client with `endpoint` = the gateway's URL.
 */
export async function handleManagement(
  connections: ReadonlyMap<string, Connection>,
  req: IncomingMessage,
  res: ServerResponse,
  connectionId: string,
) {
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
