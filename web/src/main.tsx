import { StrictMode, startTransition, useLayoutEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchPath } from "react-router";
import { App } from "./app/app.tsx";
import { createAppRouter, preloadPages } from "./app/router.tsx";
import { paths } from "./config/paths.ts";
import { primeAuctionDetail } from "./features/auctions/api/queries.ts";
import { mayBeSignedIn, meQuery } from "./lib/current-user.ts";
import { startAppWithEarlyAnswer } from "./lib/early-request.ts";
import { listenForInstallOffer } from "./lib/install-prompt.ts";
import { queryClient } from "./lib/query-client.ts";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

const signedIn = mayBeSignedIn();
// No hint, no session: the header shows Login and Sign Up at once, as the prerendered one does.
if (!signedIn) queryClient.setQueryData(meQuery().queryKey, null);

/**
 * The build prerenders each page's first paint into #root (web/shells.ts, docs/decisions.md
 * "Prerendered shells"). Only the home page of an anonymous visitor is exactly this app's first
 * render: that one is hydrated. Any other page, or a signed-in visitor's header, is rendered afresh;
 * the prerendered markup stays on screen until that render commits (React replaces it then).
 */
const hydrate = container.dataset.shell === "home" && location.pathname === "/" && !signedIn;

/** In the commit that replaces the prerendered markup: its signed-in rule (index.css) no longer applies. */
function ShellReplaced({ root }: { root: HTMLElement }) {
  useLayoutEffect(() => {
    delete root.dataset.shell;
  }, [root]);
  return null;
}

/**
 * The app starts rendering now: the boot script leaves the prerendered page alone from here on. On an
 * auction whose answer it already has (and whose title the shell then shows), the cache starts with it.
 */
function startApp() {
  const { pathname } = location;
  const auctionId =
    matchPath(paths.auction.path, pathname)?.params.id ??
    matchPath(paths.auctionAlt.path, pathname)?.params.id;
  const answer = startAppWithEarlyAnswer(auctionId ? `/api/auctions/${encodeURIComponent(auctionId)}` : null);
  if (auctionId && answer) primeAuctionDetail(queryClient, auctionId, answer);
}

/**
 * The router (which reads the URL and session storage and matches every route) and the first render,
 * in a task of their own after the modules' evaluation: two shorter tasks on a phone's main thread
 * instead of one long one. The renders run in a transition: React renders in short slices.
 */
function start(root: HTMLElement) {
  const router = createAppRouter();
  if (hydrate) {
    startApp();
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
    delete root.dataset.shell;
  } else {
    // The page's code first (the auction shell preloads it): the prerendered markup stays until the
    // page itself, or its own skeleton, replaces it, with no spinner in between.
    void preloadPages(location.pathname)
      .catch(() => {}) // the page's own Suspense and error boundary deal with it
      .then(() => {
        startApp();
        startTransition(() => {
          createRoot(root).render(
            <StrictMode>
              <App router={router} />
              <ShellReplaced root={root} />
            </StrictMode>,
          );
        });
      });
  }
}
setTimeout(start, 0, container);

listenForInstallOffer();
// The service worker once the page has loaded: installing it (and its precache) never competes with the page.
const registerWorker = () => void import("./lib/service-worker.ts").then((m) => m.registerServiceWorker());
if (document.readyState === "complete") registerWorker();
else addEventListener("load", registerWorker, { once: true });
