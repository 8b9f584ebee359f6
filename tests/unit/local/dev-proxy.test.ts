import type { Logger } from "vite";
import { describe, expect, it, vi } from "vitest";
import { devProxy, proxyKeyFor, quietSocketResets } from "../../../web/dev-proxy.ts";

describe("the dev server's proxy", () => {
  const proxy = devProxy(3001);

  it("forwards the socket at exactly /ws, and the API under /api", () => {
    expect(proxyKeyFor(proxy, "/ws")).toBeDefined();
    expect(proxy[proxyKeyFor(proxy, "/ws")!]?.ws).toBe(true);
    expect(proxyKeyFor(proxy, "/ws?token=1")).toBeDefined();
    expect(proxyKeyFor(proxy, "/api/auctions")).toBe("/api");
    // Uploaded photos, as CloudFront's /media/* serves them.
    expect(proxyKeyFor(proxy, "/media")).toBeDefined();
    expect(proxyKeyFor(proxy, "/media/uploads/x.png")).toBeDefined();
    expect(proxyKeyFor(proxy, "/mediaX")).toBeUndefined();
  });

  it("adds the origin secret to the API and the socket, as CloudFront does", () => {
    const locked = devProxy(3001, "s3cret");
    expect(locked["/api"]?.headers).toEqual({ "x-origin-verify": "s3cret" });
    expect(locked[proxyKeyFor(locked, "/ws")!]?.headers).toEqual({ "x-origin-verify": "s3cret" });
    expect(proxy["/api"]?.headers).toBeUndefined();
  });

  it("never forwards the gateway's management API or schedules", () => {
    for (const url of [
      "/ws/@connections/abc",
      "/ws/",
      "/wsx",
      "/@connections/abc",
      "/@schedules",
      "/ws/../@connections/x",
    ]) {
      expect(proxyKeyFor(proxy, url), url).toBeUndefined();
    }
  });
});

describe("the dev server's logger", () => {
  const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });

  it("drops a WebSocket the browser reset, and prints every other error", () => {
    const error = vi.fn();
    const logger = quietSocketResets({ error } as unknown as Logger);
    logger.error("ws proxy socket error:\nError: read ECONNRESET", { error: reset });
    logger.error("ws proxy error:\nError: read ECONNRESET", { error: reset });
    expect(error).not.toHaveBeenCalled();

    logger.error("ws proxy error:\nError: connect ECONNREFUSED", {
      error: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    logger.error("http proxy error: /api/auctions\nError: read ECONNRESET", { error: reset });
    logger.error("Internal server error");
    expect(error).toHaveBeenCalledTimes(3);
  });
});
