import { describe, expect, it } from "vitest";
import { precacheList, precacheVersion, serviceWorkerSource } from "../../../web/service-worker.ts";

describe("the service worker's precache list", () => {
  const build = [
    "index.html",
    "auction.html",
    "page.html",
    "offline.html",
    "manifest.webmanifest",
    "favicon.svg",
    "robots.txt",
    "sw.js",
    "assets/index-AbC123.js",
    "assets/index-AbC123.js.map",
    "assets/index-XyZ789.css",
    "assets/auction-detail-page-Q1.js",
    ".vite/manifest.json",
    "icons/icon-192.png",
    "icons/icon-maskable-512.png",
    "images/products/gold-bar.svg",
  ];

  it("holds the shells, the offline page, the app's code and styles, the manifest and its icons", () => {
    expect(precacheList(build)).toEqual([
      "/assets/auction-detail-page-Q1.js",
      "/assets/index-AbC123.js",
      "/assets/index-XyZ789.css",
      "/auction.html",
      "/favicon.svg",
      "/icons/icon-192.png",
      "/icons/icon-maskable-512.png",
      "/index.html",
      "/manifest.webmanifest",
      "/offline.html",
      "/page.html",
    ]);
  });

  it("leaves out source maps, Vite's manifest, demo art and the worker itself", () => {
    const list = precacheList(build);
    expect(list.some((path) => path.endsWith(".map"))).toBe(false);
    expect(list).not.toContain("/.vite/manifest.json");
    expect(list).not.toContain("/sw.js");
    expect(list.some((path) => path.startsWith("/images/"))).toBe(false);
  });

  it("reads Windows separators as URL paths", () => {
    expect(precacheList(["assets\\index-AbC123.js"])).toEqual(["/assets/index-AbC123.js"]);
  });
});

describe("the service worker's version", () => {
  const files = [
    { path: "/index.html", content: "<html>one</html>" },
    { path: "/assets/a.js", content: "a" },
  ];

  it("is stable for the same files and changes when any file's content changes", () => {
    expect(precacheVersion(files)).toBe(precacheVersion(files.map((f) => ({ ...f }))));
    expect(precacheVersion([{ ...files[0]!, content: "<html>two</html>" }, files[1]!])).not.toBe(
      precacheVersion(files),
    );
  });

  it("is part of the worker's bytes, so a new build installs a new worker", () => {
    const one = serviceWorkerSource({ version: precacheVersion(files), precache: ["/index.html"] });
    const two = serviceWorkerSource({ version: precacheVersion(files.slice(1)), precache: ["/index.html"] });
    expect(one).not.toBe(two);
  });

  it("never answers /api, /ws or /media from the worker", () => {
    const source = serviceWorkerSource({ version: "v", precache: ["/index.html"] });
    const neverCached = new RegExp(/NEVER_CACHED = \/(.+)\/;/.exec(source)![1]!);
    for (const path of ["/api/auctions", "/api", "/ws", "/media/p/1.jpg"])
      expect(neverCached.test(path)).toBe(true);
    for (const path of ["/", "/auction/1", "/apiary", "/assets/index.js"])
      expect(neverCached.test(path)).toBe(false);
  });
});
