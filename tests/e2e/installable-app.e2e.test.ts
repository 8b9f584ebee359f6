/**
 * The installable app: the manifest and its icons, the service worker (the production build's, served
 * by `vite preview` as CloudFront serves it, and the dev server's), the offline page, the Install app
 * entry and a push shown as a notification.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { serviceWorkerSource } from "../../web/service-worker.ts";
import { axeFindings } from "./support/axe.ts";
import { newPage, resultsDir, webUrl } from "./support/browser.ts";
import { useProductionPreview } from "./support/production-preview.ts";

const OFFLINE_TEXT = "You're offline: bidding needs a connection";

const preview = useProductionPreview("penny-e2e-pwa-");
const prodUrl = preview.url;

/** Resolves with the controlling worker's script URL once the page is controlled (the worker claims it). */
function controlledBy(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    return navigator.serviceWorker.controller?.scriptURL ?? "";
  });
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
}

describe("the production build, installable", () => {
  it("every shell links the manifest, which is served as a manifest and names icons of their stated sizes", async () => {
    for (const path of ["/", "/auction/any", "/how-it-works"]) {
      const html = await (await fetch(prodUrl(path))).text();
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    }
    const response = await fetch(prodUrl("/manifest.webmanifest"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: "Precious Metals Auctions",
      start_url: "/",
      display: "standalone",
      theme_color: "#0f172a",
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const sizes = new Set<string>();
    for (const icon of manifest.icons) {
      const file = await fetch(prodUrl(icon.src));
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/png");
      const { width, height } = pngSize(Buffer.from(await file.arrayBuffer()));
      expect(`${width}x${height}`).toBe(icon.sizes);
      sizes.add(`${icon.sizes} ${icon.purpose ?? "any"}`);
    }
    expect(sizes).toEqual(new Set(["192x192 any", "512x512 any", "512x512 maskable"]));
  });

  it("the worker registers and controls the page; offline, a navigation shows the offline page and the API is not answered from a cache", async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(prodUrl("/"));
    expect(await controlledBy(page)).toBe(prodUrl("/sw.js"));
    // The app's code is in the worker's cache: the entry the page loaded answers offline.
    const entry = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]')?.src ?? "",
    );
    expect(entry).toMatch(/\/assets\/index-[\w-]+\.js$/);

    await page.context().setOffline(true);
    expect(await page.evaluate((url) => fetch(url).then((r) => r.status), entry)).toBe(200);
    expect(
      await page.evaluate(() =>
        fetch("/api/auctions").then(
          () => "answered",
          () => "failed",
        ),
      ),
    ).toBe("failed");

    await page.goto(prodUrl("/how-it-works"));
    await page.getByRole("heading", { name: OFFLINE_TEXT }).waitFor();
    expect(page.url()).toBe(prodUrl("/how-it-works"));
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: join(resultsDir, "offline-page-390.png"), fullPage: true });
    expect(await axeFindings(page, "offline page")).toEqual([]);
    // Its "Try again" is a plain link back to the same address: still offline, the same page.
    await page.getByRole("link", { name: "Try again" }).click();
    await page.getByRole("heading", { name: OFFLINE_TEXT }).waitFor();

    // Back online, the same link brings the real page (the offline page has no app root).
    await page.context().setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await page.locator("#root").waitFor({ state: "attached" });
    expect(await page.getByRole("heading", { name: OFFLINE_TEXT }).count()).toBe(0);
  });

  it("a push delivered to the worker shows its notification, holding the address a click opens", async () => {
    const page = await newPage();
    await page.context().grantPermissions(["notifications"], { origin: preview.origin });
    const cdp = await page.context().newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
      for (const r of updated) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send("ServiceWorker.enable");
    await page.goto(prodUrl("/"));
    await controlledBy(page);
    await expect.poll(() => registrations.get(prodUrl("/"))).toBeDefined();

    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: preview.origin,
      registrationId: registrations.get(prodUrl("/"))!,
      data: JSON.stringify({
        title: "Ending soon",
        body: "1 oz Gold Eagle: 5 minutes left",
        url: "/auction/abc",
      }),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        }));
      });
    await expect
      .poll(shown)
      .toEqual([
        { title: "Ending soon", body: "1 oz Gold Eagle: 5 minutes left", url: prodUrl("/auction/abc") },
      ]);
  });
});

describe("a deploy of a new version", () => {
  it("installs the new worker on the next load, which then serves it; the old version's cache is gone", async () => {
    const page = await newPage();
    await page.goto(prodUrl("/"));
    await controlledBy(page);
    const cacheNames = () => page.evaluate(() => caches.keys());
    await expect.poll(cacheNames).toEqual([expect.stringMatching(/^penny-[0-9a-f]{16}$/)]);

    // The next build: the same files under a new version (any changed file gives one).
    const workerFile = join(preview.outDir, "sw.js");
    const current = readFileSync(workerFile, "utf8");
    const precache = JSON.parse(/const PRECACHE = (\[.*\]);/.exec(current)![1]!) as string[];
    writeFileSync(workerFile, serviceWorkerSource({ version: "next", precache }));
    try {
      // The load checks /sw.js (never from the HTTP cache); the new worker installs and takes over,
      // deleting the old version's cache.
      await page.reload();
      await expect.poll(cacheNames, { timeout: 20_000 }).toEqual(["penny-next"]);
      // The next load is the new version's: offline, its cache still answers with the offline page.
      await page.context().setOffline(true);
      await page.goto(prodUrl("/help"));
      await page.getByRole("heading", { name: OFFLINE_TEXT }).waitFor();
    } finally {
      writeFileSync(workerFile, current);
    }
  });
});

describe("the Install app entry", () => {
  it("appears when the browser offers installation and asks the browser to install on a click", async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(webUrl("/"));
    const footer = page.locator("footer");
    await footer.getByRole("link", { name: "Help Center" }).waitFor();
    const install = footer.getByRole("button", { name: "Install app" });
    expect(await install.count()).toBe(0);

    await page.evaluate(() => {
      const offer = new Event("beforeinstallprompt") as Event & {
        prompt: () => Promise<void>;
        userChoice: Promise<{ outcome: string }>;
      };
      offer.prompt = async () => {
        (window as unknown as { installPrompted: boolean }).installPrompted = true;
      };
      offer.userChoice = Promise.resolve({ outcome: "accepted" });
      window.dispatchEvent(offer);
    });
    await install.waitFor();
    await install.scrollIntoViewIfNeeded();
    mkdirSync(resultsDir, { recursive: true });
    await footer.screenshot({ path: join(resultsDir, "install-app-entry-390.png") });
    await install.click();
    expect(
      await page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted),
    ).toBe(true);
    // An offer prompts once: the entry goes away with it.
    await install.waitFor({ state: "detached" });
  });
});

describe("the dev server's worker", () => {
  it("registers, leaves Vite's modules alone, and shows the offline page when a navigation fails", async () => {
    const page = await newPage();
    const fromWorker: string[] = [];
    page.on("response", (response) => {
      if (response.fromServiceWorker() && new URL(response.url()).pathname.startsWith("/src/"))
        fromWorker.push(response.url());
    });
    await page.goto(webUrl("/"));
    expect(await controlledBy(page)).toBe(webUrl("/sw.js"));
    await page.reload();
    await page.getByTestId("auction-card").first().waitFor();
    expect(fromWorker).toEqual([]);

    await page.context().setOffline(true);
    await page.goto(webUrl("/how-it-works"));
    await page.getByRole("heading", { name: OFFLINE_TEXT }).waitFor();
  });
});
