import { expect } from "vitest";
import type { RouteResponse } from "../../../../scripts/local/invoke-route.ts";

/** An answer's body must be a JSON object with a non-empty string `message`, and no stack trace. */
export function expectJsonMessage(res: RouteResponse<unknown>, context: string) {
  expect(res.headers["content-type"], context).toMatch(/^application\/json/);
  const body = res.body as { message?: unknown; stack?: unknown } | null;
  expect(body !== null && typeof body === "object", `${context}: a JSON object`).toBe(true);
  expect(typeof body?.message, context).toBe("string");
  expect(String(body?.message ?? "").length, context).toBeGreaterThan(0);
  expect(body?.stack, context).toBeUndefined();
  expect(JSON.stringify(body), context).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}
