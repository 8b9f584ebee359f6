/**
 * How API Gateway picks a route for a request, for the local gateway and the in-process invoker
 * (scripts/local/invoke-route.ts): AWS does this itself, so no function carries it.
 */
import { type HttpRoute, httpRoutes } from "../../../functions/routes.ts";

/**
 * Matches a concrete path against the table; returns the route and its path parameters. Like API
 * Gateway, the most specific route wins whatever the table's order: a static segment outranks a
 * `{param}` (`/api/auctions/won` before `/api/auctions/{id}`).
 */
export function matchRoute(
  method: string,
  path: string,
  routes: readonly HttpRoute[] = httpRoutes,
): { route: HttpRoute; pathParameters: Record<string, string> } | { methodNotAllowed: true } | null {
  const candidates = routes
    .map((route) => ({ route, params: matchPath(route.path, path) }))
    .filter((c): c is { route: HttpRoute; params: Record<string, string> } => c.params !== null)
    .sort((a, b) => specificity(b.route.path) - specificity(a.route.path));
  if (candidates.length === 0) return null;
  const chosen = candidates.find((c) => c.route.method === method.toUpperCase());
  return chosen ? { route: chosen.route, pathParameters: chosen.params } : { methodNotAllowed: true };
}

/** Static segments, weighted by position: earlier static segments decide first, as in API Gateway. */
function specificity(pattern: string): number {
  const segments = pattern.split("/");
  return segments.reduce(
    (score, segment, i) => (segment.startsWith("{") ? score : score + 2 ** (segments.length - i)),
    0,
  );
}

/** A path segment decoded, or kept as sent when it is not valid percent-encoding (the route then refuses the id). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.replace(/\/+$/, "").split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith("{") && w.endsWith("}")) {
      if (!g) return null;
      params[w.slice(1, -1)] = decodeSegment(g);
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}
