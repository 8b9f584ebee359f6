/**
 * The words of the site at 390 × 844 and 1280 × 800: counts in the singular for one ("1 bid", "1 Bid"),
 * weights with their unit (the seller's form has a unit), My Orders not calling a Buy It Now order a
 * win, and every page its own document title (an auction's names its product). No console error or
 * warning and no failed request on these pages; axe-core finds nothing.
 */
import { describe, expect, it } from "vitest";
import { listedAuction, type ProductFields } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { pageAt, signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const SITE = "Precious Metals Auctions";
const VIEWPORTS = PHONE_AND_DESKTOP;

describe.each(VIEWPORTS)("words at %s size", (label, viewport) => {
  it("one bid is 1 bid, a weight shows its unit, and each page names itself in the title", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const buyer = await signedIn("buyer", { bidBalance: 2, viewport });
    const product: ProductFields = {
      description: "A one ounce gold coin.",
      metalType: "gold",
      weight: "1 oz",
      purity: ".9167",
      imageUrl: "/images/products/gold-jewelry.svg",
      startingPriceCents: 100,
    };
    const auction = await listedAuction(seller, "Words Krugerrand", "Words Mint", product, {
      durationSeconds: 3600,
    });
    const seen = problems(buyer.page);

    await buyer.page.goto(`/auction/${auction.id}`);
    await buyer.page.getByRole("heading", { name: auction.product.name }).waitFor();
    expect(await buyer.page.title()).toBe(`${auction.product.name} · ${SITE}`);
    await buyer.page.getByRole("button", { name: "Place Bid" }).filter({ visible: true }).click();
    await buyer.page.getByTestId("leading").filter({ visible: true }).waitFor();
    // The header's balance: 2 credits less one.
    await expect.poll(() => buyer.page.getByTestId("bid-balance").first().textContent()).toBe("1 Bid");
    // Shown as stored: "1 oz", not capitalized to "1 Oz".
    const weight = buyer.page.getByText("1 oz", { exact: true });
    expect(await weight.evaluate((el) => getComputedStyle(el).textTransform)).toBe("none");

    await buyer.page.goto("/");
    expect(await buyer.page.title()).toBe(SITE);
    const card = buyer.page.locator(`[data-testid="auction-card"][data-auction-id="${auction.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId("bid-count").textContent()).toBe("1 bid");
    expect(await card.textContent()).toContain("1 oz • .9167");
    expect(await axeFindings(buyer.page, `home (${label})`)).toEqual([]);

    await buyer.page.goto("/orders");
    await buyer.page.getByRole("heading", { name: "My Orders" }).waitFor();
    expect(await buyer.page.title()).toBe(`My Orders · ${SITE}`);
    expect(await buyer.page.getByText("items you have won").count()).toBe(0);
    await buyer.page
      .getByText("Track payment and shipping of what you won or bought with Buy It Now")
      .waitFor();

    for (const [path, title] of [
      ["/how-it-works", "How It Works"],
      ["/my-wins", "My Wins"],
      ["/bid-packages", "Bid Packages"],
      ["/notifications", "Email notifications"],
    ] as const) {
      await buyer.page.goto(path);
      // A lazy page's first visit to the dev server can take longer than the poll's default second.
      await expect.poll(() => buyer.page.title(), { timeout: 15_000 }).toBe(`${title} · ${SITE}`);
    }
    expect(seen).toEqual([]);

    const visitor = await pageAt(viewport);
    await visitor.goto("/login");
    await expect.poll(() => visitor.title()).toBe(`Log in · ${SITE}`);
    await visitor.goto("/no-such-page");
    await expect.poll(() => visitor.title()).toBe(`Page not found · ${SITE}`);
  }, 60_000);

  it("the seller's product form takes the weight with its unit", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const seen = problems(seller.page);
    await seller.page.goto("/seller-dashboard");
    await seller.page.getByRole("heading", { name: "Seller Dashboard" }).waitFor();
    expect(await seller.page.title()).toBe(`Seller Dashboard · ${SITE}`);
    await seller.page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = seller.page.getByRole("dialog", { name: "Add New Product" });
    const name = `Unit Bar ${crypto.randomUUID().slice(0, 6)}`;
    await dialog.getByLabel("Product Name").fill(name);
    await dialog.getByLabel("Description").fill("A ten gram silver bar.");
    await dialog.getByLabel("Weight").fill("10");
    await dialog.getByLabel("Unit", { exact: true }).selectOption("g");
    await dialog.getByLabel("Purity").fill(".999");
    await dialog.getByRole("button", { name: "Silver Bullion" }).click();
    await dialog.getByLabel("Retail Price ($)").fill("20");
    expect(await axeFindings(seller.page, `add product (${label})`)).toEqual([]);
    if (SCREENSHOTS) await seller.page.screenshot({ path: `${SCREENSHOTS}/weight-unit-${label}.png` });
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await dialog.waitFor({ state: "detached" });
    const listed = seller.page.getByTestId("seller-product").filter({ hasText: name });
    await listed.waitFor();
    expect(await listed.textContent()).toContain("Weight: 10 g");
    expect(seen).toEqual([]);
  }, 60_000);
});
