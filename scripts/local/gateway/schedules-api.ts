import type { IncomingMessage, ServerResponse } from "node:http";
import { type LocalClock, parseScheduleRequest } from "../clock.ts";
import { readBody, sendJson } from "./http-io.ts";

/** /@schedules[/{name}]: the local EventBridge Scheduler (contract in clock.ts). */
export async function handleSchedules(
  clock: LocalClock,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) {
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
