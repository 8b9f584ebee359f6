/**
 * The prerendered pages of the production build (docs/decisions.md, "Prerendered shells"): which HTML
 * file a client route is served, and the one inline script every page runs before it paints. Read by
 * the Vite build (web/prerender-plugin.ts), `vite preview` and the CloudFront function
 * (infra/edge.ts), so all three route alike: plain strings.
 */
import { SIGNED_IN_HINT_COOKIE } from "../shared/constants.ts";
import { AUCTION_TITLE_SLOT, EARLY_REQUEST_GLOBAL } from "./src/lib/early-request.ts";

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

/** The shells' inert list of the app's code, which the boot script copies into the page after its first paint. */
export const APP_CODE_TEMPLATE_ID = "app-code";

/**
 * Runs in <head> before anything paints (inline: no round trip; its hash is in the CSP, infra/edge.ts).
 * Plain ES5, every step guarded, so that an old browser still gets the app:
 *  - a signed-in visitor (the readable hint cookie) gets `signed-in` on <html>, which hides the
 *    prerendered header's Login and Sign Up until the app renders the real header;
 *  - the page's data request starts now, not after the JavaScript bundle: the home page's live list,
 *    an auction's detail. The app's first read of that URL adopts the answer (once);
 *  - on an auction, when that answer comes while the prerendered skeleton is still the page (the app
 *    has not started rendering), the skeleton's title slot shows the auction's name (textContent),
 *    styled as the page's own title, which the app's render then replaces in place;
 *  - the app's code (the shell lists it in <template id="app-code">; the dev server's page has none) is
 *    added to the page once the page has painted (the first contentful paint, or a frame where the
 *    browser does not report paints; at once in a hidden tab; after 5 s at the latest): it is fetched
 *    and run after the first paint instead of competing with it. One tag per task, the entry first:
 *    each request a script starts costs the main thread a little, and 27 at once made a long task.
 */
export const BOOT_SCRIPT = `(function () {
  var html = document.documentElement;
  if (/(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)/.test(document.cookie)) html.classList.add("signed-in");
  function whenParsed(run) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
    else run();
  }
  var appAdded = false;
  function addApp() {
    var code = document.getElementById("${APP_CODE_TEMPLATE_ID}");
    if (appAdded || !code || !code.content) return;
    appAdded = true;
    var tags = code.content.children;
    var i = 0;
    // A task each, without setTimeout's 4 ms from the fifth nested one on.
    var channel = window.MessageChannel ? new MessageChannel() : null;
    function later(run) {
      if (!channel) return setTimeout(run, 0);
      channel.port1.onmessage = run;
      channel.port2.postMessage(null);
    }
    (function addNext() {
      var tag = document.createElement(tags[i].localName);
      for (var j = 0; j < tags[i].attributes.length; j++) {
        tag.setAttribute(tags[i].attributes[j].name, tags[i].attributes[j].value);
      }
      document.head.appendChild(tag);
      if (++i < tags.length) later(addNext);
    })();
  }
  var painted = false;
  function afterPaint() {
    if (painted) return;
    painted = true;
    whenParsed(addApp);
  }
  try {
    var Observer = window.PerformanceObserver;
    if (document.visibilityState === "hidden") afterPaint();
    else {
      document.addEventListener("visibilitychange", afterPaint);
      setTimeout(afterPaint, 5000);
      if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf("paint") >= 0) {
        new Observer(function (list, observer) {
          if (!list.getEntriesByName("first-contentful-paint").length) return;
          observer.disconnect();
          afterPaint();
        }).observe({ type: "paint", buffered: true });
      } else {
        requestAnimationFrame(function () { setTimeout(afterPaint, 0); });
      }
    }
  } catch (error) {
    afterPaint();
  }
  var path = location.pathname;
  var match = ${AUCTION_ROUTE}.exec(path);
  var url = path === "/" ? "/api/auctions" : match ? "/api/auctions/" + match[1] : null;
  if (!url || !window.fetch) return;
  var early = { url: url };
  early.response = fetch(url, { credentials: "include", headers: { Accept: "application/json" } }).then(
    function (res) { return { response: res, receivedAt: Date.now() }; }
  );
  early.response.catch(function () {});
  window.${EARLY_REQUEST_GLOBAL} = early;
  if (!match) return;
  early.response.then(function (answer) {
    if (!answer.response.ok) return;
    return answer.response.clone().json().then(function (auction) {
      early.answer = { data: auction, receivedAt: answer.receivedAt };
      whenParsed(function () {
        var root = document.getElementById("root");
        var name = auction && auction.product && auction.product.name;
        if (early.appStarted || !root || root.getAttribute("data-shell") !== "auction" || typeof name !== "string") return;
        var title = root.querySelector("[${AUCTION_TITLE_SLOT}]");
        var placeholder = root.querySelector("[${AUCTION_TITLE_SLOT}-placeholder]");
        if (!title || !placeholder) return;
        title.textContent = name;
        title.hidden = false;
        placeholder.hidden = true;
      });
    });
  }).catch(function () {});
})();`;
