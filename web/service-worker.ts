/**
 * The service worker (docs/architecture.md, "The service worker"): written as plain JavaScript here,
 * like the boot script (web/shells.ts), and given its precache list and version by the build
 * (web/prerender-plugin.ts, after the shells are written) or by the dev server (the offline page only,
 * so that Vite's modules and HMR never pass through a cache).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

export const SERVICE_WORKER_PATH = "/sw.js";
export const OFFLINE_PAGE_PATH = "/offline.html";

/**
 * The built files a worker installs, as paths: the pages (the shells, the offline page), the app's
 * code and styles (every hashed file under assets/, lazily loaded pages included: an installed app
 * should not need the network to open a page it has never visited), the manifest and its icons.
 * Not the source maps, Vite's own manifest, the demo product art or the worker itself.
 */
export function precacheList(files: readonly string[]): string[] {
  const wanted = (file: string) =>
    !file.endsWith(".map") &&
    (/^assets\/[^/]+\.(js|css|woff2?)$/.test(file) ||
      /^[^/]+\.(html|webmanifest|svg)$/.test(file) ||
      /^icons\/[^/]+\.png$/.test(file));
  return files
    .map((file) => file.replaceAll("\\", "/"))
    .filter(wanted)
    .map((file) => `/${file}`)
    .sort();
}

/** A version that changes whenever any precached file does (a new worker then installs). */
export function precacheVersion(
  entries: ReadonlyArray<{ path: string; content: Uint8Array | string }>,
): string {
  const hash = createHash("sha256");
  for (const { path, content } of entries) hash.update(path).update("\0").update(content).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/**
 * The worker:
 *  - install: caches every precached file under this version's cache, then takes over at once
 *    (skipWaiting) so the next page load is served by the new version; activate deletes the older
 *    versions' caches and claims the open pages;
 *  - navigations go to the network (a penny auction's page is worth nothing stale) and, when the
 *    network fails, get the offline page;
 *  - precached files are answered from the cache; anything else, and always /api, /ws and /media,
 *    is left to the browser (never cached here: live data, the socket, uploaded photos);
 *  - push: shows the payload's {title, body, url} as a notification; a click focuses a window on that
 *    url or opens one (same origin only).
 */
export function serviceWorkerSource(config: { version: string; precache: readonly string[] }): string {
  return `"use strict";
const VERSION = ${JSON.stringify(config.version)};
const CACHE = "penny-" + VERSION;
const OFFLINE_PAGE = ${JSON.stringify(OFFLINE_PAGE_PATH)};
const PRECACHE = ${JSON.stringify(config.precache)};
const PRECACHED = new Set(PRECACHE);
const NEVER_CACHED = /^\\/(api|ws|media)(\\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("penny-") && name !== CACHE).map((name) => caches.delete(name)));
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    if (offline) return offline;
    throw error;
  }
}

async function fromPrecache(request, path) {
  const cached = await caches.match(path, { cacheName: CACHE });
  return cached || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  if (request.mode === "navigate") event.respondWith(navigate(event));
  else if (PRECACHED.has(url.pathname) && url.search === "") event.respondWith(fromPrecache(request, url.pathname));
});

function sameOrigin(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + "/";
  } catch (error) {
    return self.location.origin + "/";
  }
}

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Precious Metals Auctions";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: "/icons/icon-192.png",
      data: { url: sameOrigin(typeof message.url === "string" ? message.url : "/") },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOrigin(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
`;
}

/** Writes sw.js into a finished build (its shells included): every precached file, by content, in its version. */
export function writeServiceWorker(outDir: string): string[] {
  const files = readdirSync(outDir, { recursive: true, encoding: "utf8" });
  const precache = precacheList(files);
  const version = precacheVersion(
    precache.map((path) => ({ path, content: readFileSync(join(outDir, path.slice(1))) })),
  );
  writeFileSync(join(outDir, SERVICE_WORKER_PATH.slice(1)), serviceWorkerSource({ version, precache }));
  return precache;
}

/**
 * The dev server's worker: the same code with only the offline page precached, so a failed navigation
 * shows it while Vite's modules, its HMR client and everything else go to the dev server untouched.
 */
export function serviceWorkerInDev(publicDir: string): Plugin {
  return {
    name: "penny:service-worker-dev",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== SERVICE_WORKER_PATH) return next();
        const offline = readFileSync(join(publicDir, OFFLINE_PAGE_PATH.slice(1)));
        const precache = [OFFLINE_PAGE_PATH];
        const version = `dev-${precacheVersion([{ path: OFFLINE_PAGE_PATH, content: offline }])}`;
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        res.setHeader("Cache-Control", "no-cache");
        res.end(serviceWorkerSource({ version, precache }));
      });
    },
  };
}
