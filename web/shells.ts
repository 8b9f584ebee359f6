/**
 * The prerendered pages of the production build (docs/decisions.md, "Prerendered shells"): which HTML
 * file a client route is served, and the one inline script every page runs before it paints. Read by
 * the Vite build (web/prerender-plugin.ts), `vite preview` and the CloudFront function
 * (infra/edge.ts), so all three route alike: plain strings.
 */
import { SIGNED_IN_HINT_COOKIE } from "../shared/constants.ts";
import { EARLY_REQUEST_GLOBAL } from "./src/lib/early-request.ts";

/** Each shell: the file written into the build and the route its markup is rendered at. */
export const SHELLS = {
  /** The home page as an anonymous visitor first sees it: header, hero, tabs, skeleton grid. */
  home: { file: "index.html", renderAt: "/" },
  /** An auction opened directly: header and the auction's loading skeleton (no hero). */
  auction: { file: "auction.html", renderAt: "/auction/prerendered" },
  /** Any other route: header and the page's loading spinner, until the page's code is in. */
  page: { file: "page.html", renderAt: "/prerendered-page" },
} as const;

export type ShellName = keyof typeof SHELLS;

/** /auction/{id} and /auctions/{id} (the id captured), but not /auctions/won (a page of its own). */
const AUCTION_ROUTE = /^\/auctions?\/(?!won\/?$)([^/]+)\/?$/;

/**
 * CloudFront Function (viewer request, runtime 2.0) of the site's default behaviour: a path without a
 * file extension is a client-side route of the SPA, so it gets the shell of its route: / the home
 * page's, an auction its own, any other route the neutral one. /api and /ws have their own behaviours
 * and never run this, so an unknown /api path still answers the API's 404 JSON.
 */
export const SPA_FALLBACK_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf("/") + 1);
  if (lastSegment.indexOf(".") === -1) {
    if (uri === "/") request.uri = "/${SHELLS.home.file}";
    else if (${AUCTION_ROUTE}.test(uri)) request.uri = "/${SHELLS.auction.file}";
    else request.uri = "/${SHELLS.page.file}";
  }
  return request;
}`;

/** The file the CloudFront function serves for `uri` (the same source, run here). */
export function shellFileFor(uri: string): string {
  const handler = new Function(`${SPA_FALLBACK_FUNCTION}; return handler;`)() as (event: {
    request: { uri: string };
  }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

/**
 * Runs in <head> before anything paints (inline: no round trip; its hash is in the CSP, infra/edge.ts):
 *  - a signed-in visitor (the readable hint cookie) gets `signed-in` on <html>, which hides the
 *    prerendered header's Login and Sign Up until the app renders the real header;
 *  - the page's data request starts now, not after the JavaScript bundle: the home page's live list,
 *    an auction's detail. The app's first read of that URL adopts the answer (once).
 */
export const BOOT_SCRIPT = `(function () {
  var html = document.documentElement;
  if (/(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)/.test(document.cookie)) html.classList.add("signed-in");
  var path = location.pathname;
  var match = ${AUCTION_ROUTE}.exec(path);
  var url = path === "/" ? "/api/auctions" : match ? "/api/auctions/" + match[1] : null;
  if (!url || !window.fetch) return;
  var response = fetch(url, { credentials: "include", headers: { Accept: "application/json" } }).then(
    function (res) { return { response: res, receivedAt: Date.now() }; }
  );
  response.catch(function () {});
  window.${EARLY_REQUEST_GLOBAL} = { url: url, response: response };
})();`;
