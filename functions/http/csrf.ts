import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { allowedOrigins } from "../config/runtime.ts";
import { forbidden, Refusal } from "./errors.ts";

/**
 * A mutation must be JSON (a cross-site form cannot send that without a CORS preflight, which we
 * never grant) and, when the browser says where it comes from, come from our own origin.
 */
export function checkCsrf(event: APIGatewayProxyEventV2) {
  const headers = lowerCaseHeaders(event.headers);
  const contentType = headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(contentType)) {
    throw new Refusal("unsupported-media-type", "Content-Type must be application/json");
  }
  const origin = headers.origin;
  if (!origin || origin === "null") {
    if (origin === "null") throw forbidden("Cross-origin request refused");
    return;
  }
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw forbidden("Cross-origin request refused");
  }
  // Only the Host the request was really sent to: x-forwarded-host is whatever the client wrote.
  if (originHost === (event.requestContext?.domainName ?? headers.host) || originHost === headers.host)
    return;
  if (allowedOrigins().includes(origin)) return;
  throw forbidden("Cross-origin request refused");
}

export function lowerCaseHeaders(headers: Record<string, string | undefined> | undefined) {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v;
  return out;
}
