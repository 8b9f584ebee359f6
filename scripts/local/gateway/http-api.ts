import type { IncomingMessage, ServerResponse } from "node:http";
import { type HttpRoute, routesFor } from "../../../functions/routes.ts";
import { MissingHandlerError } from "../handlers.ts";
import { buildHttpEvent, normalizeResult } from "../http-event.ts";
import type { HandlerCalls } from "./handler-calls.ts";
import { MAX_HTTP_BODY, readBody, sendJson } from "./http-io.ts";
import { matchRoute } from "./match-route.ts";

/** The routes of the payment provider the stack runs with, as a deployed stage would have them. */
function activeRoutes(): readonly HttpRoute[] {
  return routesFor(process.env.PAYMENT_PROVIDER === "stripe" ? "stripe" : "local", "local-stack");
}

/** /api/*: the route table -> a payload 2.0 event -> the route's handler -> its answer. */
export async function handleApi(
  calls: HandlerCalls,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  logRequests: boolean,
) {
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
    const result = normalizeResult(await calls.call(match.route.handler, event));
    status = result.statusCode;
    const headers: Record<string, string | string[]> = { ...result.headers };
    if (result.cookies.length) headers["set-cookie"] = result.cookies;
    headers["content-length"] = String(result.body.length);
    res.writeHead(result.statusCode, headers);
    res.end(result.body);
  } catch (error) {
    if (error instanceof MissingHandlerError) {
      status = 501;
      calls.warnMissingOnce(error);
      sendJson(res, 501, { message: error.message });
    } else {
      status = 500;
      calls.log("error", `handler ${match.route.handler} threw`, error);
      sendJson(res, 500, { message: "Internal Server Error" });
    }
  }
  if (logRequests) calls.log("info", `${method} ${req.url} ${status} ${Date.now() - started} ms`);
}
