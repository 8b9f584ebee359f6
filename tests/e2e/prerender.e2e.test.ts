import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage } from "./support/browser.ts";
import { useProductionPreview } from "./support/production-preview.ts";
import { signedIn } from "./support/users.ts";

/** The hero heading's own words (the how-it-works page also says "for a fraction of retail"). */
const HERO = "Win authentic";

const preview = useProductionPreview("penny-e2e-prod-");
const prodUrl = preview.url;

/** Every console error and warning, and uncaught error, of the page from now on. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error}`));
  return problems;
}

interface FirstPaint {
  /** The first <h1> the HTML parser inserted (the prerendered one). */
  parsedHeading: Element | null;
  /** The hero's text was in the page at some moment. */
  heroSeen: boolean;
  /** A page's loading spinner ("Loading page") was in the page at some moment. */
  pageSpinnerSeen: boolean;
  /** At DOMContentLoaded (the HTML parsed; the app's code comes after the first paint): the page's text. */
  textAtDomContentLoaded: string;
  /**
   * The visibility of each prerendered Login / Sign Up in the first frame (the first animation frame
   * after DOMContentLoaded: no frame renders before the stylesheet is in, while DOMContentLoaded may
   * come before it now that the HTML has no script to wait for).
   */
  guestOnlyAtFirstFrame: string[];
}

/** Watches, from before the first byte is parsed, what the page shows (window.__firstPaint). */
async function watchFirstPaint(page: Page, hero: string) {
  await page.addInitScript((heroText: string) => {
    const seen = {
      parsedHeading: null as Element | null,
      heroSeen: false,
      pageSpinnerSeen: false,
      textAtDomContentLoaded: "",
      guestOnlyAtFirstFrame: [] as string[],
    };
    (window as unknown as { __firstPaint: typeof seen }).__firstPaint = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          seen.parsedHeading ??= node.tagName === "H1" ? node : node.querySelector("h1");
          if (node.textContent?.includes(heroText)) seen.heroSeen = true;
          if (node.textContent?.includes("Loading page")) seen.pageSpinnerSeen = true;
        }
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => {
      // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visible, not every text node
      seen.textAtDomContentLoaded = document.body.innerText;
      requestAnimationFrame(() => {
        seen.guestOnlyAtFirstFrame = [...document.querySelectorAll("[data-guest-only]")].map(
          (el) => getComputedStyle(el).visibility,
        );
      });
    });
  }, hero);
}

const firstPaint = (page: Page) =>
  page.evaluate(() => {
    const seen = (window as unknown as { __firstPaint: FirstPaint }).__firstPaint;
    return {
      ...seen,
      parsedHeading: undefined,
      headingKept: seen.parsedHeading !== null && seen.parsedHeading === document.querySelector("main h1"),
    };
  });

/** The first contentful paint and the start of each request for the app's code, in ms since navigation. */
const scriptsAndFirstPaint = (page: Page) =>
  page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));

async function liveAuction(): Promise<{ id: string; name: string }> {
  const auctions = (await (await fetch(prodUrl("/api/auctions"))).json()) as Array<{
    id: string;
    product: { name: string };
  }>;
  expect(auctions.length).toBeGreaterThan(0);
  return { id: auctions[0]!.id, name: auctions[0]!.product.name };
}

describe("the production build's prerendered first paint", () => {
  it("the home page hydrates the prerendered markup without a console error or warning; the cards appear and tick", async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    const problems = consoleProblems(page);
    await watchFirstPaint(page, HERO);
    const response = await page.goto(prodUrl("/"));
    expect(await response?.text()).toContain('data-shell="home"');
    const cards = page.getByTestId("auction-card");
    await cards.first().waitFor();
    const countdown = cards.first().getByTestId("countdown");
    const before = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(before);
    const seen = await firstPaint(page);
    expect(seen.textAtDomContentLoaded).toContain(`${HERO} gold and silver`);
    expect(seen.textAtDomContentLoaded).toContain("Login");
    // Hydrated: the heading the parser inserted is the one on the page now (a fresh render replaces it).
    expect(seen.headingKept).toBe(true);
    expect(await page.locator("#root").getAttribute("data-shell")).toBeNull();
    // The app's code was asked for only once the page had painted (the boot script adds it then).
    const { paint, scripts } = await scriptsAndFirstPaint(page);
    expect(scripts.length).toBeGreaterThan(5);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint);
    expect(problems).toEqual([]);
  });

  it("a signed-in visitor never sees Login or Sign Up, and gets their own header", async () => {
    const { page } = await signedIn("buyer", { bidBalance: 7 });
    const problems = consoleProblems(page);
    await watchFirstPaint(page, HERO);
    // A slow stylesheet: the parsed page waits for it, with the prerendered Login and Sign Up in it.
    await page.route("**/assets/*.css", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto(prodUrl("/"));
    await expect.poll(() => page.getByTestId("bid-balance").textContent()).toBe("7 Bids");
    await page.getByTestId("auction-card").first().waitFor();
    const seen = await firstPaint(page);
    expect(seen.guestOnlyAtFirstFrame.length).toBe(2);
    expect(new Set(seen.guestOnlyAtFirstFrame)).toEqual(new Set(["hidden"]));
    expect(await page.locator("header").getByRole("link", { name: "Login" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("an auction opened directly paints its own skeleton, never the home page's hero, and adopts the early request", async () => {
    const { id, name } = await liveAuction();
    const html = await (await fetch(prodUrl(`/auction/${id}`))).text();
    expect(html).toContain('data-shell="auction"');
    expect(html).not.toContain(HERO);

    const page = await newPage({ viewport: { width: 390, height: 844 } });
    const problems = consoleProblems(page);
    const detailReads: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api/auctions/${id}`) detailReads.push(Date.now());
    });
    await watchFirstPaint(page, HERO);
    await page.goto(prodUrl(`/auction/${id}`));
    await expect.poll(() => page.locator("main h1").textContent()).toBe(name);
    const seen = await firstPaint(page);
    expect(seen.heroSeen).toBe(false);
    expect(seen.pageSpinnerSeen).toBe(false);
    expect(seen.textAtDomContentLoaded).toContain("Back to Auctions");
    // The first read is the boot script's, adopted by the page; the next is the one-second poll.
    await expect.poll(() => detailReads.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    expect(detailReads[1]! - detailReads[0]!).toBeGreaterThan(800);
    expect(problems).toEqual([]);
  });

  it("an auction's title is shown from the early answer before the app's code runs, where the page keeps it", async () => {
    const { id, name } = await liveAuction();
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    const problems = consoleProblems(page);
    // Counts the auction skeletons put into the page: the parser's, and any the app renders.
    await page.addInitScript(() => {
      const counts = { skeletons: 0 };
      (window as unknown as { __counts: typeof counts }).__counts = counts;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element && node.matches('[aria-label="Loading auction"]')) counts.skeletons++;
      }).observe(document, { childList: true, subtree: true });
    });
    // The app's entry is held back until the title has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(prodUrl(`/auction/${id}`));
    const earlyTitle = page.locator('#root[data-shell="auction"] [data-auction-title]');
    await expect.poll(() => earlyTitle.textContent()).toBe(name);
    expect(await earlyTitle.isVisible()).toBe(true);
    expect(await page.locator("[data-auction-title-placeholder]").isVisible()).toBe(false);
    const early = (await earlyTitle.boundingBox())!;
    // The app has not run: nothing but the boot script wrote the title.
    expect(await page.evaluate(() => document.querySelectorAll("script[src]").length)).toBe(1);
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __pennyEarlyRequest?: { appStarted?: boolean } }).__pennyEarlyRequest
            ?.appStarted,
      ),
    ).toBeUndefined();

    release();
    await page.waitForFunction(() => document.getElementById("root")?.dataset.shell === undefined);
    const title = page.locator("main h1");
    expect(await title.textContent()).toBe(name);
    const final = (await title.boundingBox())!;
    for (const side of ["x", "y", "width", "height"] as const)
      expect(final[side]).toBeCloseTo(early[side], 0);
    // The app's first render was the auction itself (its cache started with the early answer), never
    // a skeleton without the title.
    expect(
      await page.evaluate(() => (window as unknown as { __counts: { skeletons: number } }).__counts),
    ).toEqual({
      skeletons: 1,
    });
    await page.getByTestId("recent-bids").or(page.getByText("No bids yet. Be the first!")).waitFor();
    expect(problems).toEqual([]);
  });

  it("any other route paints the neutral shell and reaches its lazily loaded page; links reach an auction", async () => {
    const page = await newPage();
    const problems = consoleProblems(page);
    await watchFirstPaint(page, HERO);
    const response = await page.goto(prodUrl("/how-it-works"));
    expect(await response?.text()).toContain('data-shell="page"');
    await expect.poll(() => page.locator("main h1").textContent()).toBe("How It Works");
    expect((await firstPaint(page)).heroSeen).toBe(false);

    await page.locator("header").getByRole("link", { name: "Live Auctions" }).click();
    const id = await page.getByTestId("auction-card").first().getAttribute("data-auction-id");
    const card = page.locator(`[data-testid="auction-card"][data-auction-id="${id}"]`);
    // The card's second link is its title: what the visitor expects to read on the page it opens.
    const name = (await card.getByRole("link").nth(1).textContent())!;
    expect(name).toBeTruthy();
    await card.getByRole("link").first().click();
    await page.waitForURL(`**/auction/${id}`);
    await page.locator("main").getByRole("heading", { level: 1, name, exact: true }).waitFor();
    expect(problems).toEqual([]);
  });
});
