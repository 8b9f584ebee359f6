import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** API Gateway's limits: 10 MB HTTP API payload, 128 KB WebSocket message. */
export const MAX_HTTP_BODY = 10 * 1024 * 1024;
export const MAX_WS_MESSAGE = 128 * 1024;

export type GatewayLog = (level: "info" | "warn" | "error", message: string, extra?: unknown) => void;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** The whole body, or null when it exceeds `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
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

/** Answers a WebSocket upgrade request with a plain HTTP error, as API Gateway does when $connect refuses. */
export function rejectUpgrade(socket: Socket, status: number, body: string) {
  if (socket.destroyed) return;
  const reason =
    status === 401 ? "Unauthorized" : status === 403 ? "Forbidden" : status === 404 ? "Not Found" : "Error";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
