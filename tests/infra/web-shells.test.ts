/**
 * The production build's prerendered shells (web/shells.ts, web/prerender-plugin.ts): what each HTML
 * file paints before any JavaScript runs, and the one inline script the CSP allows.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../infra/edge.ts";
import { buildWeb } from "../../scripts/check-budgets.ts";
import { BOOT_SCRIPT } from "../../web/shells.ts";

const HERO = "for a fraction of retail";

describe("the production build's prerendered shells", () => {
  let outDir: string;
  const page = (file: string) => readFileSync(join(outDir, file), "utf8");
  /** The markup inside #root, which is what paints before the JavaScript. */
  const root = (file: string) => {
    const html = page(file);
    const start = html.indexOf('<div id="root"');
    expect(start).toBeGreaterThan(0);
    return html.slice(start, html.lastIndexOf("</body>"));
  };

  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), "penny-shells-"));
    buildWeb(outDir);
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("index.html carries the home page: header, hero heading, live auctions' skeleton grid", () => {
    const home = root("index.html");
    expect(home).toContain('data-shell="home"');
    expect(home).toMatch(/<header[^>]*>/);
    expect(home).toContain("Login");
    expect(home).toContain("Sign Up");
    expect(home.replaceAll(/<[^>]+>/g, "")).toContain(`Win authentic gold and silver ${HERO}`);
    expect(home).toContain("Live Auctions</h2>");
    expect(home).toContain('aria-label="Loading auctions"');
    expect(home.match(/data-testid="auction-card-skeleton"/g)?.length).toBe(8);
    expect(home).toContain("<footer");
    expect(home).not.toContain("Outbox (dev)");
  });

  it("auction.html carries an auction's loading skeleton and its page's chunks, never the hero", () => {
    const auction = root("auction.html");
    expect(auction).toContain('data-shell="auction"');
    // The title slot the boot script fills from the early answer: hidden and empty until then, its bar shown.
    expect(auction).toMatch(/<h1 hidden="" data-auction-title="" class="[^"]*"><\/h1>/);
    expect(auction).toMatch(
      /<div aria-hidden="true" data-slot="skeleton" class="[^"]*" data-auction-title-placeholder="">/,
    );
    expect(auction).toMatch(/<header[^>]*>/);
    expect(auction).toContain('aria-label="Loading auction"');
    expect(auction).toContain("Back to Auctions");
    expect(auction).not.toContain(HERO);
    expect(auction).not.toContain("Live Auctions</h2>");
    expect(page("auction.html")).toMatch(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/auction-detail-page-[\w-]+\.js">/,
    );
  });

  it("page.html (any other route) carries the header and a page's loading spinner, never the hero", () => {
    const other = root("page.html");
    expect(other).toContain('data-shell="page"');
    expect(other).toMatch(/<header[^>]*>/);
    expect(other).toContain("Loading page");
    expect(other).not.toContain(HERO);
    expect(other).not.toContain("auction-card-skeleton");
  });

  it("every page's JavaScript is only listed, inert, for the boot script to add after the first paint", () => {
    for (const file of ["index.html", "auction.html", "page.html"]) {
      const html = page(file);
      const template = /<template id="app-code">([\s\S]*?)<\/template>/.exec(html);
      expect(template).not.toBeNull();
      const outside = html.replace(template![0], "");
      expect(outside).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
      // The entry and the chunks it imports: everything the first render needs, asked for at once.
      expect(template![1]).toMatch(
        /^<script type="module" crossorigin fetchpriority="low" src="\/assets\/index-[\w-]+\.js"><\/script>/,
      );
      expect(template![1]).toMatch(
        /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/react-[\w-]+\.js">/,
      );
      expect(html.indexOf(BOOT_SCRIPT)).toBeLessThan(html.indexOf('<template id="app-code">'));
    }
  });

  it("every page paints without its JavaScript, which therefore yields the connection (low priority)", () => {
    for (const file of ["index.html", "auction.html", "page.html"]) {
      const scripts = page(file).match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(1);
      for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
    }
  });

  it("every page has exactly one inline script, the boot script, whose hash the CSP allows", () => {
    const hash = createHash("sha256").update(BOOT_SCRIPT, "utf8").digest("base64");
    expect(contentSecurityPolicy({ stripe: false })).toContain(`'sha256-${hash}'`);
    for (const file of ["index.html", "auction.html", "page.html"]) {
      const inline = [...page(file).matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => m[1],
      );
      expect(inline).toEqual([BOOT_SCRIPT]);
      expect(page(file).indexOf(BOOT_SCRIPT)).toBeLessThan(page(file).indexOf('<script type="module"'));
    }
  });
});
