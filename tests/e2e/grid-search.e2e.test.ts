/**
 * The live grid's search and sort, at 390 × 844 and 1280 × 800: a name search narrows the grid, each
 * sort orders it (ending soonest, lowest and highest price, newest), both live in the URL (`?q=&sort=`)
 * so a reload shows the same grid; axe-clean, no console error or warning.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startAuction } from "../../functions/usecases/auctions/start-auction.ts";
import { axeFindings } from "./support/axe.ts";
import { animationsDone } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { pageAt, type SignedIn, signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Three auctions sharing a word no other auction has: ending 2 h, 1 h, 3 h; priced $3, $1, $2; made in that order. */
async function threeAuctions(seller: SignedIn, word: string) {
  const made: string[] = [];
  const now = Date.now();
  for (const [index, label, hours, cents] of [
    [0, "Alpha", 2, 300],
    [1, "Bravo", 1, 100],
    [2, "Charlie", 3, 200],
  ] as const) {
    const productId = crypto.randomUUID();
    const name = `${word} ${label} Bar`;
    await startAuction({
      product: {
        id: productId,
        sellerId: seller.sellerId!,
        name,
        description: "A silver bar.",
        metalType: "silver",
        weight: "10 oz",
        purity: ".999",
        imageUrl: "/images/products/silver-bullion.svg",
        startingPriceCents: cents,
        retailPriceCents: 30000,
        buyNowStock: 0,
      },
      seller: { id: seller.sellerId!, userId: seller.id, businessName: "Grid Mint" },
      durationSeconds: hours * 3600,
      extensionSeconds: 10,
      // A millisecond apart, so "Newest" has one answer.
      now: now + index,
    });
    made.push(name);
  }
  return made;
}

const gridNames = (page: Page, word: string) =>
  page
    .getByTestId("auction-card")
    .locator("a", { hasText: word })
    .allTextContents()
    .then((names) => names.map((name) => name.replace(`${word} `, "").replace(" Bar", "")));

describe.each(PHONE_AND_DESKTOP)("the live grid's search and sort at %s size", (label, viewport) => {
  it("narrows by name, orders by each sort and keeps both in the URL", async () => {
    const seller = await signedIn("seller", { approved: true });
    const word = `Zq${Math.random().toString(36).slice(2, 8)}`;
    await threeAuctions(seller, word);
    const page = await pageAt(viewport);
    const seen = problems(page);
    await page.goto("/");

    await page.getByLabel("Search auctions").fill(word.toLowerCase());
    await expect.poll(() => gridNames(page, word)).toEqual(["Bravo", "Alpha", "Charlie"]);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(word.toLowerCase());
    // Every word must match: a second word narrows to one card.
    await page.getByLabel("Search auctions").fill(`${word} charlie`);
    await expect.poll(() => gridNames(page, word)).toEqual(["Charlie"]);
    await page.getByLabel("Search auctions").fill(word);

    const sortBy = async (name: string) => {
      await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: name });
    };
    await sortBy("Lowest price");
    await expect.poll(() => gridNames(page, word)).toEqual(["Bravo", "Charlie", "Alpha"]);
    await sortBy("Highest price");
    await expect.poll(() => gridNames(page, word)).toEqual(["Alpha", "Charlie", "Bravo"]);
    await sortBy("Newest");
    await expect.poll(() => gridNames(page, word)).toEqual(["Charlie", "Bravo", "Alpha"]);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("newest");

    // A reload (or a shared link) shows the same grid.
    await page.reload();
    await expect.poll(() => gridNames(page, word)).toEqual(["Charlie", "Bravo", "Alpha"]);
    expect(await page.getByLabel("Search auctions").inputValue()).toBe(word);
    expect(await page.getByRole("combobox", { name: "Sort by" }).inputValue()).toBe("newest");

    await page.getByLabel("Search auctions").fill(`${word}nothing`);
    await page.getByTestId("no-matches").waitFor();
    await page.getByLabel("Search auctions").fill(word);
    await expect.poll(() => gridNames(page, word)).toHaveLength(3);
    await animationsDone(page);
    expect(await axeFindings(page, `grid search (${label})`)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/grid-search-${label}.png` });
    expect(seen).toEqual([]);
  });
});
