import { createHash } from "node:crypto";
import type { HttpRoute } from "../functions/routes.ts";
import { BOOT_SCRIPT } from "../web/shells.ts";

/**
 * What CloudFront does in front of the API, derived from the route table: each `edgeCacheSeconds`
 * route gets a cached behaviour, and any other route its path pattern would also catch (e.g.
 * `/api/auctions/won` under `/api/auctions/*`) gets an uncached behaviour placed before it, so a
 * signed-in answer is never cached for everyone.
 */
export interface ApiBehaviour {
  pathPattern: string;
  /** Seconds to cache at the edge, cookies not forwarded; undefined = never cached, everything forwarded. */
  cacheSeconds?: number;
  /**
   * The longest the edge may keep an answer whose Cache-Control asks for longer than `cacheSeconds`
   * (a route's immutable answers); absent: `cacheSeconds` for every answer.
   */
  maxCacheSeconds?: number;
  /**
   * The session cookie is part of the cache key (and so reaches the API): anonymous viewers share the
   * answer, a signed-in viewer gets their own (which the API marks `no-store`).
   */
  sessionInKey?: boolean;
}

/** A year, as functions/http/route.ts marks an immutable answer. */
const IMMUTABLE_CACHE_SECONDS = 31_536_000;

export function planApiBehaviours(routes: readonly HttpRoute[]): ApiBehaviour[] {
  const cached = routes.filter((r) => r.edgeCacheSeconds);
  const shielded = new Map<string, ApiBehaviour>();
  for (const route of cached) {
    const pattern = pathPattern(route.path);
    for (const other of routes) {
      if (other.edgeCacheSeconds) continue;
      const otherPattern = pathPattern(other.path);
      if (otherPattern === pattern) {
        // CloudFront picks a behaviour by path only: the uncached method would lose its cookies.
        throw new Error(
          `${other.method} ${other.path} shares its path with the edge-cached ${route.method} ${route.path}; give it its own path`,
        );
      }
      if (globMatches(pattern, samplePath(other.path))) {
        shielded.set(otherPattern, { pathPattern: otherPattern });
      }
    }
  }
  const cachedBehaviours = new Map<string, ApiBehaviour>();
  for (const route of cached) {
    const pattern = pathPattern(route.path);
    const previous = cachedBehaviours.get(pattern);
    if (previous && previous.cacheSeconds !== route.edgeCacheSeconds) {
      throw new Error(`Routes on ${pattern} ask for different edge cache times`);
    }
    cachedBehaviours.set(pattern, {
      pathPattern: pattern,
      cacheSeconds: route.edgeCacheSeconds,
      ...(route.personalWhenSignedIn || previous?.sessionInKey ? { sessionInKey: true } : {}),
      ...(route.edgeCacheImmutable || previous?.maxCacheSeconds
        ? { maxCacheSeconds: IMMUTABLE_CACHE_SECONDS }
        : {}),
    });
  }
  // The more specific pattern first (CloudFront takes the first match): `/api/auctions/*/ledger`
  // before `/api/auctions/*`.
  const ordered = [...cachedBehaviours.values()].sort((a, b) => specificity(b) - specificity(a));
  return [...shielded.values(), ...ordered];
}

function specificity(behaviour: ApiBehaviour): number {
  return behaviour.pathPattern.replace(/\*/g, "").length;
}

/** `/api/auctions/{id}/bid` -> `/api/auctions/*\/bid` (CloudFront path pattern syntax). */
export function pathPattern(path: string): string {
  return path.replace(/\{[^}]+\}/g, "*");
}

/** A concrete path the route answers, to test patterns against. */
function samplePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, "x1");
}

/** CloudFront's matching: `*` is any run of characters (slashes included), `?` exactly one. */
export function globMatches(pattern: string, path: string): boolean {
  const regex = pattern
    .split("")
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\/]/g, "\\$&")))
    .join("");
  return new RegExp(`^${regex}$`).test(path);
}

/** The CSP source that allows the boot script every page carries inline, and nothing else inline. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(BOOT_SCRIPT, "utf8").digest("base64")}'`;

/**
 * The page's Content-Security-Policy. Same origin for page, API and socket ('self' covers wss: on the
 * same host in CSP3 browsers); Stripe.js and its frames only when real Stripe is on; product images are
 * URLs typed by sellers, so any https image is allowed.
 */
export function contentSecurityPolicy(options: {
  stripe: boolean;
  uploadOrigin?: string;
  liveOrigin?: string;
}): string {
  const stripeScripts = options.stripe ? " https://js.stripe.com https://*.js.stripe.com" : "";
  const stripeFrames = options.stripe
    ? "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com"
    : "'none'";
  const stripeApi = options.stripe ? " https://api.stripe.com" : "";
  return [
    "default-src 'self'",
    // The pages' one inline script (web/shells.ts), by its hash: no other inline script runs.
    `script-src 'self' ${BOOT_SCRIPT_SOURCE}${stripeScripts}`,
    // Radix and toasts set inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // Product photos are posted straight to the media bucket (a presigned POST).
    `connect-src 'self'${stripeApi}${options.uploadOrigin ? ` ${options.uploadOrigin}` : ""}${options.liveOrigin ? ` ${options.liveOrigin}` : ""}`,
    `frame-src ${stripeFrames}`,
    "frame-ancestors 'none'",
    // The installable app: its manifest and its service worker (/sw.js) come from the site itself.
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * CloudFront Function (viewer request) of the site's default behaviour: each client-side route gets its
 * prerendered shell (/ index.html, an auction auction.html, any other route page.html); files pass.
 * Written beside the shells it names (web/shells.ts), where `vite preview` runs the same source.
 */
export { SPA_FALLBACK_FUNCTION } from "../web/shells.ts";

/**
 * On every uncached API request: the viewer's address in a header the origin can trust, overwriting
 * whatever the viewer sent under that name. API Gateway's sourceIp is a CloudFront edge server, and
 * the per-IP login limit needs the real viewer.
 */
export const VIEWER_ADDRESS_HEADER = "x-viewer-address";
export const VIEWER_ADDRESS_FUNCTION = `function handler(event) {
  var request = event.request;
  request.headers["${VIEWER_ADDRESS_HEADER}"] = { value: event.viewer.ip };
  return request;
}`;
