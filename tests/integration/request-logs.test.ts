/**
 * Every log line a route writes carries the Lambda context (Powertools' injectLambdaContext): the
 * function's name, the request id and whether the container was cold, so one request's lines can be
 * found together in CloudWatch; the request line also names the viewer's address, which API Gateway's access
 * log cannot (it sees only the CloudFront edge).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../../functions/observability/logger.ts";
import { invokeRoute } from "../../scripts/local/invoke-route.ts";
import { useFreshTable } from "./support/fresh-table.ts";

useFreshTable("request-logs");

afterEach(() => {
  logger.setLogLevel("WARN");
  vi.restoreAllMocks();
});

function captureLogLines(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const keep = (chunk: unknown) => {
    for (const line of String(chunk).split("\n")) {
      if (line.trim().startsWith("{")) lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(keep);
  vi.spyOn(console, "info").mockImplementation((...args: unknown[]) => void keep(args.join(" ")));
  return lines;
}

describe("request logs", () => {
  it("carry the function, the request id and the cold start", async () => {
    logger.setLogLevel("INFO");
    const lines = captureLogLines();
    await invokeRoute({ method: "GET", path: "/api/config" });
    await invokeRoute({ method: "GET", path: "/api/config" });
    const requests = lines.filter((line) => line.message === "request");
    expect(requests.length).toBeGreaterThan(0);
    for (const line of requests) {
      expect(line.function_name).toBe("penny-auction-local-config-get-config");
      expect(line.function_request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof line.cold_start).toBe("boolean");
      expect(line.route).toBe("/api/config");
    }
  });

  it("name the viewer's address from CloudFront's header, and only on a request that came through it", async () => {
    // Spied rather than read from stdout: a warm invocation logs at the function's level (WARN in tests).
    const info = vi.spyOn(logger, "info");
    await invokeRoute({ method: "GET", path: "/api/config", headers: { "x-viewer-address": "203.0.113.7" } });
    await invokeRoute({
      method: "GET",
      path: "/api/config",
      headers: { "x-viewer-address": "198.51.100.9" },
      viaSite: false,
      sourceIp: "192.0.2.1",
    });
    const requests = info.mock.calls
      .filter(([message]) => message === "request")
      .map(([, fields]) => fields as unknown as { status: number; viewer: string });
    expect(requests.map((line) => [line.status, line.viewer])).toEqual([
      [200, "203.0.113.7"],
      [403, "192.0.2.1"],
    ]);
  });
});
