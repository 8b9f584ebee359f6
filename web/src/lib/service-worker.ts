/**
 * Registers the site's service worker (web/service-worker.ts): the built one in production, the dev
 * server's offline-page-only one in development. Loaded after the page's load event, on its own, so
 * neither the first paint nor the first-load JavaScript pays for it.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  // updateViaCache "none": the browser always asks the site for sw.js, so a deploy is seen on the next load.
  navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => {
    // No worker (a private window, storage refused): the site works as a plain page.
  });
}
