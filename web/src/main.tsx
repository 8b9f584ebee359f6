import { StrictMode, startTransition, useLayoutEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { createAppRouter, preloadPages } from "./app/router.tsx";
import { mayBeSignedIn, meQuery } from "./lib/current-user.ts";
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

const router = createAppRouter();
// A transition: React renders in short slices, so the first render is no long task on a phone's main
// thread.
if (hydrate) {
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
  delete container.dataset.shell;
} else {
  // The page's code first (the auction shell preloads it): the prerendered markup stays until the
  // page itself, or its own skeleton, replaces it, with no spinner in between.
  void preloadPages(location.pathname)
    .catch(() => {}) // the page's own Suspense and error boundary deal with it
    .then(() => {
      startTransition(() => {
        createRoot(container).render(
          <StrictMode>
            <App router={router} />
            <ShellReplaced root={container} />
          </StrictMode>,
        );
      });
    });
}
