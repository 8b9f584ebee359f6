/**
 * Chromium (Debian's /usr/bin/chromium, or CHROME_PATH) driven by playwright-core.
 *
 *   const page = await newPage();      // a fresh context (own cookies) per call
 *   await page.goto(webUrl());
 *
 * Pages opened by newPage() inside a test are closed when the test finishes; if it failed, a
 * full-page screenshot lands in test-results/<file>--<test>.png first. One browser per test file,
 * launched on first use and closed after the file (setup.ts).
 */
import { mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { inject, onTestFinished } from "vitest";
import { CHROMIUM_ARGS } from "../../../scripts/local/chromium.ts";
import { repoRoot } from "../../../scripts/local/paths.ts";

export const resultsDir = join(repoRoot, "test-results");

let browser: Promise<Browser> | null = null;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** The browser of this test file (launched once). */
export function sharedBrowser(): Promise<Browser> {
  browser ??= launchBrowser();
  return browser;
}

export async function closeBrowser(): Promise<void> {
  const current = browser;
  browser = null;
  if (current) await (await current).close();
}

/** The web app's origin (Vite, which proxies /api and /ws to the gateway). */
export function webUrl(path = "/"): string {
  return new URL(path, inject("webUrl")).href;
}

/** The gateway itself (for /@connections or /@schedules; the browser uses webUrl()). */
export function apiUrl(path = "/"): string {
  return new URL(path, inject("apiUrl")).href;
}

function safe(name: string): string {
  return name
    .replace(/[^\w.-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
}

let pagesOpened = 0;

/**
 * A new page in its own browser context, with baseURL = webUrl(). Call it inside a test: the page
 * is screenshotted if the test fails, and closed when it finishes.
 */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await (await sharedBrowser()).newContext({ baseURL: webUrl(), ...options });
  const page = await context.newPage();
  const pageNumber = ++pagesOpened;
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  onTestFinished(async (ctx) => {
    try {
      if (ctx.task.result?.state === "fail") {
        mkdirSync(resultsDir, { recursive: true });
        // A test with two users has two pages: each gets its own picture.
        const file = `${safe(basename(ctx.task.file.name))}--${safe(ctx.task.name)}--page-${pageNumber}.png`;
        await page.screenshot({ path: join(resultsDir, file), fullPage: true }).catch(() => {});
        console.error(`[e2e] screenshot: test-results/${file}`);
        if (consoleErrors.length) console.error(`[e2e] browser console errors:\n${consoleErrors.join("\n")}`);
      }
    } finally {
      await context.close().catch(() => {});
    }
  });
  return page;
}

/**
 * Resolves once the page's finite animations (a dialog zooming in, a toast sliding, a fade) have
 * finished, a smooth scroll has come to rest and a frame has been drawn after them: what a
 * measurement of the layout or axe's colour contrast needs, where a fixed pause would only guess.
 * Endless animations (a pulsing countdown) are skipped.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => {})));
    let scrolled = -1;
    while (scrolled !== window.scrollY) {
      scrolled = window.scrollY;
      await frame();
    }
  });
}
