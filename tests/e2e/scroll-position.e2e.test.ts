/**
 * Where a page opens, in Chromium at 390 × 844 and 1280 × 800: a new navigation (a typed URL, a link)
 * starts at the top, even after another page of the same tab was scrolled; back and forward return to
 * where the user was. No console error or failed request, and axe-core finds nothing.
 */
import { describe, expect, it } from "vitest";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { pageAt } from "./support/users.ts";

describe.each(PHONE_AND_DESKTOP)("scroll position at %s size", (label, viewport) => {
  it("a typed URL and a link open at the top; back returns to where the reader was", async () => {
    const page = await pageAt(viewport);
    const seen = problems(page);
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));

    await page.goto("/how-it-works");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect.poll(scrollY).toBe(800);

    // A typed URL in the same tab: a new document, a new history entry.
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await scrollY()).toBe(0);
    await page.goto("/how-it-works");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await scrollY()).toBe(0);

    // Back to the entry that was scrolled: restored.
    await page.goBack();
    await page.goBack();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await expect.poll(scrollY).toBe(800);

    // A link inside the app: the next page starts at the top, back restores.
    await page.locator("footer").getByRole("link", { name: "Fairness" }).click();
    await page.waitForURL(/\/fairness$/);
    await expect.poll(scrollY).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/how-it-works$/);
    await expect.poll(scrollY).toBeGreaterThan(700);
    expect(await axeFindings(page, `scroll position (${label})`)).toEqual([]);
    expect(seen).toEqual([]);
  });
});
