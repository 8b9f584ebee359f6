import type { Logger, ProxyOptions } from "vite";

/**
 * Same origin for page, API and socket, as in production behind CloudFront. The socket is matched
 * exactly (`/ws`, with an optional query): a plain `/ws` prefix would also forward
 * `/ws/@connections/...` to the gateway's management API, letting any page post to any socket.
 */
export function devProxy(gatewayPort: number, originSecret?: string): Record<string, ProxyOptions> {
  // Like CloudFront, the proxy proves to the API that a request came through the site.
  const headers = originSecret ? { "x-origin-verify": originSecret } : undefined;
  return {
    "/api": {
      target: `http://127.0.0.1:${gatewayPort}`,
      changeOrigin: false,
      headers,
      configure: dropViewerAddress,
    },
    // Uploaded photos, as CloudFront's /media/* serves the media bucket (the gateway stands in for it).
    "^/media(/.*)?$": { target: `http://127.0.0.1:${gatewayPort}`, changeOrigin: false },
    "^/ws(\\?.*)?$": {
      target: `ws://127.0.0.1:${gatewayPort}`,
      ws: true,
      changeOrigin: false,
      headers,
      configure: dropViewerAddress,
    },
  };
}

/** Set by CloudFront in front of the API and believed on any request carrying the origin secret. */
const VIEWER_ADDRESS_HEADER = "x-viewer-address";

/**
 * The API believes x-viewer-address (the per-address login limits) on a request that carries the origin
 * secret, which this proxy adds: a browser's own x-viewer-address must not ride along with it, or anyone
 * could pick the address their guesses count against. CloudFront overwrites it; this proxy removes it
 * (the gateway then sees the proxy's own address, as before).
 */
function dropViewerAddress(proxy: Parameters<NonNullable<ProxyOptions["configure"]>>[0]) {
  proxy.on("proxyReq", (proxyReq) => proxyReq.removeHeader(VIEWER_ADDRESS_HEADER));
  proxy.on("proxyReqWs", (proxyReq) => proxyReq.removeHeader(VIEWER_ADDRESS_HEADER));
}

/** Vite's rule for which proxy entry a URL goes to: a key starting with ^ is a RegExp, else a prefix. */
export function proxyKeyFor(proxy: Record<string, ProxyOptions>, url: string): string | undefined {
  return Object.keys(proxy).find((key) =>
    key.startsWith("^") ? new RegExp(key).test(url) : url.startsWith(key),
  );
}

/**
 * Vite's logger without the proxy's two reports (`ws proxy error`, `ws proxy socket error`) of a
 * WebSocket reset instead of closed, as by a browser test's page closing with its socket open: the end
 * of a connection, not a fault, and the gateway sees the disconnect either way. Every other error
 * still prints.
 */
export function quietSocketResets(logger: Logger): Logger {
  const error = logger.error;
  logger.error = (message, options) => {
    const code = (options?.error as NodeJS.ErrnoException | null | undefined)?.code;
    if (code === "ECONNRESET" && message.includes("ws proxy")) return;
    error.call(logger, message, options);
  };
  return logger;
}
