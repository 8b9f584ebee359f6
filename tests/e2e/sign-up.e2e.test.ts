/** Sign up at 390 × 844 and 1280 × 800: the 18+ and terms checkbox is required, its message sits at the box. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { axeFindings } from "./support/axe.ts";
import { newPage, resultsDir } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { visit } from "./support/site-pages.ts";

const TERMS_MESSAGE = "Confirm you are 18 or older and accept the Terms and the Auction Rules";

describe.each(PHONE_AND_DESKTOP)("sign up at %s size", (label, viewport) => {
  it("refuses an unticked terms box at the box, links the Terms and the Auction Rules, then registers", async () => {
    const page = await newPage({ viewport });
    const seen = problems(page);
    const username = `terms${label[0]}${Date.now().toString(36)}`;

    await visit(page, "/register", "Create Account");
    const box = page.getByLabel(/I am 18 or older and accept the Terms and the Auction Rules/);
    expect(await box.isChecked()).toBe(false);
    const form = page.locator("form");
    expect(await form.getByRole("link", { name: "Terms", exact: true }).getAttribute("href")).toBe("/terms");
    expect(await form.getByRole("link", { name: "Auction Rules", exact: true }).count()).toBe(1);

    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(`${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm Password").fill("password123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText(TERMS_MESSAGE).waitFor();
    expect(page.url()).toMatch(/\/register$/);
    await page.screenshot({ path: join(resultsDir, `sign-up-${label}-unticked.png`), fullPage: true });
    expect(await axeFindings(page, `${label} sign up unticked`)).toEqual([]);

    await box.check();
    expect(await page.getByText(TERMS_MESSAGE).count()).toBe(0);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/", { waitUntil: "load", timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId("bid-balance").textContent(), { timeout: 15_000 })
      .toBe("0 Bids");
    expect(seen.filter((problem) => !problem.includes("401"))).toEqual([]);
  });
});
