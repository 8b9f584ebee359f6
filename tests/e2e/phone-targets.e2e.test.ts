/**
 * The phone at 390 × 844: every tap target at least 24 × 24 px (WCAG 2.5.8; links inside a sentence
 * excepted, as there) and the primary actions 44 px high, measured on the pages a buyer uses; the menu
 * closes on Escape, on a tap outside and on navigation; the credit chip leads to the bid packages;
 * a toast covers neither the page's title nor the phone's bid bar. No console error or warning.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { listedAuction, type ProductFields } from "./support/auctions.ts";
import { animationsDone } from "./support/browser.ts";
import { problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Visible targets smaller than 24 × 24 px, as "label: W×H". */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=radio], [role=combobox], [role=checkbox], [role=menuitem]";
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      // Visually hidden until focused (the skip link): not a target to tap.
      if (style.clipPath !== "none" || style.clip !== "auto") continue;
      // WCAG's inline exception: a link inside a sentence is as tall as the sentence's line.
      const parent = element.parentElement;
      if (element.tagName === "A" && parent && parent.textContent?.trim() !== element.textContent?.trim())
        if (getComputedStyle(element).display === "inline") continue;
      if (box.width < 24 || box.height < 24) {
        const label = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName;
        found.push(`${label.slice(0, 40)}: ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  });
}

async function height(page: Page, name: string | RegExp): Promise<number> {
  const box = await page
    .getByRole("button", { name, exact: typeof name === "string" })
    .filter({ visible: true })
    .first()
    .boundingBox();
  return box?.height ?? 0;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe("the phone at 390 × 844", () => {
  it("has targets of 24 px and more, primary actions of 44 px, a menu that closes and toasts that hide nothing", async () => {
    const seller = await signedIn("seller", { approved: true });
    const buyer = await signedIn("buyer", { bidBalance: 5, viewport: PHONE });
    const product: ProductFields = {
      description: "A one ounce gold coin.",
      metalType: "gold",
      weight: "1 oz",
      purity: ".9999",
      imageUrl: "/images/products/gold-jewelry.svg",
      startingPriceCents: 100,
      retailPriceCents: 5000,
      buyNowStock: 1,
    };
    const auction = await listedAuction(seller, "Target Eagle", "Target Mint", product, {
      durationSeconds: 3600,
      extensionSeconds: 10,
    });
    const { page } = buyer;
    const seen = problems(page);

    const pages: [string, string, (string | RegExp)[]][] = [
      ["/", "Live Auctions", []],
      [`/auction/${auction.id}`, auction.product.name, ["Place Bid"]],
      ["/bid-packages", "Bid Packages", [/^Purchase Now: /]],
      ["/notifications", "Email notifications", ["Save settings"]],
      ["/spending-limits", "Spending limits", ["Save limits", "Exclude me"]],
    ];
    const small: string[] = [];
    for (const [path, title, primary] of pages) {
      await page.goto(path);
      await page.getByRole("heading", { name: title }).first().waitFor();
      if (path === "/notifications") await page.getByRole("checkbox").first().waitFor();
      if (path === "/spending-limits") await page.getByRole("button", { name: "Save limits" }).waitFor();
      await animationsDone(page);
      small.push(...(await smallTargets(page)).map((target) => `${path} ${target}`));
      for (const name of primary)
        expect(await height(page, name), `${path} ${name}`).toBeGreaterThanOrEqual(44);
      expect(await height(page, "Open menu"), `${path} menu`).toBeGreaterThanOrEqual(44);
      if (SCREENSHOTS)
        await page.screenshot({
          path: `${SCREENSHOTS}/phone-targets${path.replace(/\W+/g, "-")}.png`,
          fullPage: true,
        });
    }

    expect(small).toEqual([]);

    // The menu: Escape (focus back on its button), a tap outside, a link followed.
    const toggle = page.getByTestId("mobile-menu-toggle");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await toggle.click();
    await menu.waitFor();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await toggle.click();
    await menu.waitFor();
    await page.getByRole("heading", { name: "Spending limits" }).tap();
    await menu.waitFor({ state: "hidden" });
    await toggle.click();
    await menu.getByRole("link", { name: "How It Works" }).click();
    await page.waitForURL("**/how-it-works");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    // The credit chip leads to the packages.
    await page.getByTestId("credit-chip").click();
    await page.waitForURL("**/bid-packages");

    // A toast on a page: not over its title.
    await page.goto("/notifications");
    await page.getByRole("checkbox").first().waitFor();
    await page.getByRole("button", { name: "Save settings" }).click();
    const saved = page.getByRole("status").filter({ hasText: "Email settings saved" }).first();
    await saved.waitFor();
    await animationsDone(page);
    const pageTitle = await page
      .getByRole("heading", { name: "Email notifications", level: 1 })
      .boundingBox();
    expect(overlaps((await saved.boundingBox())!, pageTitle!)).toBe(false);

    // A bid's toast on the auction page: above the phone's bid bar, not over the title.
    await page.goto(`/auction/${auction.id}`);
    await page.getByTestId("phone-bid-bar").getByRole("button", { name: "Place Bid" }).click();
    const placed = page.getByRole("status").filter({ hasText: "Bid placed successfully!" }).first();
    await placed.waitFor();
    await animationsDone(page);
    const toastBox = (await placed.boundingBox())!;
    expect(overlaps(toastBox, (await page.getByTestId("phone-bid-bar").boundingBox())!)).toBe(false);
    const heading = await page.getByRole("heading", { name: auction.product.name, level: 1 }).boundingBox();
    expect(overlaps(toastBox, heading!)).toBe(false);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/phone-toast.png` });
    expect(seen).toEqual([]);
  });
});
