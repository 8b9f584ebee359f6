/**
 * The one way the web talks to the API (docs/product.md sections 7 and 8).
 *
 * - Same origin, session cookie: every request sends credentials.
 * - Every mutation sends `Content-Type: application/json`, even without a body (the server's CSRF rule).
 * - Bodies are JSON and sent only when present; responses are parsed as JSON.
 * - Any non-OK response throws an `ApiError` whose message is `${status}: ${bodyText || statusText}`.
 */

import { takeEarlyResponse } from "./early-request.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

function send(method: Method, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") headers["Content-Type"] = "application/json";
  return fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
}

async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiRequest<T>(method: Method, url: string, body?: unknown): Promise<T> {
  return readResponse<T>(await send(method, url, body));
}

/**
 * A GET with the time its answer arrived (for the server clock). The page's first read of its data
 * adopts the request the boot script started before the bundle (web/src/lib/early-request.ts).
 */
async function getTimed<T>(url: string): Promise<{ data: T; receivedAt: number }> {
  const early = takeEarlyResponse(url);
  const { response, receivedAt } = early
    ? await early
    : { response: await send("GET", url), receivedAt: Date.now() };
  return { data: await readResponse<T>(response), receivedAt };
}

export const api = {
  get: <T>(url: string) => apiRequest<T>("GET", url),
  getTimed,
  post: <T>(url: string, body?: unknown) => apiRequest<T>("POST", url, body),
  put: <T>(url: string, body?: unknown) => apiRequest<T>("PUT", url, body),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>("PATCH", url, body),
  delete: <T>(url: string) => apiRequest<T>("DELETE", url),
};

/** The HTTP status of a failed request, or null when it never got an answer (offline, aborted). */
export function getErrorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error) {
    const match = /^(\d{3}): /.exec(error.message);
    if (match) return Number(match[1]);
  }
  return null;
}

/**
 * The server's own `message` from an error thrown above (it answers `{message}` on every failure),
 * else `fallback`. Toasts use it as "server message or <fallback>".
 */
export function getServerMessage(error: unknown, fallback: string): string;
export function getServerMessage(error: unknown): string | null;
export function getServerMessage(error: unknown, fallback: string | null = null): string | null {
  if (!(error instanceof Error)) return fallback;
  const separator = error.message.indexOf(": ");
  if (separator < 0 || !/^\d{3}$/.test(error.message.slice(0, separator))) return fallback;
  try {
    const parsed: unknown = JSON.parse(error.message.slice(separator + 2));
    if (parsed && typeof parsed === "object" && "message" in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === "string" && message.trim()) return message;
    }
  } catch {
    // Not JSON (a proxy error page, an empty body): no server message.
  }
  return fallback;
}
