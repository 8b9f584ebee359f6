/**
 * The admin's Products tab in Chromium at 390 × 844 and 1280 × 800: a compact table (a thumbnail, name,
 * seller, status, starting price) with Edit beside Delete. Edit opens the product's form; a saved change
 * shows in the table and on the live auction's page. Once the auction has a bid, a new starting price is
 * refused with the server's message naming the field. axe-core finds nothing; no console error, and the
 * only failed request is that refusal.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AdminProduct } from "#shared/schemas/admin";
import { createUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { placeBid } from "../../functions/usecases/bidding/place-bid.ts";
import { axeFindings } from "./support/axe.ts";
import { animationsDone } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp";

async function expectAxeClean(page: Page, where: string) {
  await animationsDone(page);
  expect(await axeFindings(page, where)).toEqual([]);
}

const shown = (page: Page, text: string) => page.getByText(text).filter({ visible: true }).first().waitFor();

describe.each(PHONE_AND_DESKTOP)("admin products at %s size", (label, viewport) => {
  it("edits a live product from the compact table; after a bid the starting price is refused, naming it", async () => {
    const admin = await signedIn("admin", { viewport });
    const seen = problems(admin.page);
    const suffix = Math.random().toString(36).slice(2, 8);
    const created = await admin.page.request.post("/api/admin/products", {
      data: {
        name: `Edit Me Bar ${suffix}`,
        description: "A bar to edit.",
        metalType: "silver",
        weight: "1 oz",
        purity: "99.9%",
        imageUrl: "/images/products/silver-bullion.svg",
        startingPrice: "1.00",
        retailPrice: "40.00",
      },
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as AdminProduct;
    const approved = await admin.page.request.post(`/api/admin/products/${product.id}/approve`, { data: {} });
    expect(approved.status()).toBe(200);
    const { auctionId } = (await approved.json()) as { auctionId: string };

    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: /^Products/ }).click();
    const row = admin.page.getByTestId("admin-product").filter({ hasText: product.name });
    await row.waitFor();
    await row.screenshot({ path: `${SHOTS}/admin-product-row-${label}.png` });
    // Compact: a row, not a photo card, and no wider than the screen.
    expect((await row.boundingBox())!.height).toBeLessThan(120);
    const width = await admin.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await expectAxeClean(admin.page, `admin products table (${label})`);

    await row.getByRole("button", { name: `Edit ${product.name}` }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Edit ${product.name}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Product Name").inputValue()).toBe(product.name);
    await expectAxeClean(admin.page, `admin edit product dialog (${label})`);
    const renamed = `Edited Bar ${suffix}`;
    await dialog.getByLabel("Product Name").fill(renamed);
    await dialog.getByLabel("Description").fill("An edited bar.");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    // The dialog is modal while the toast comes in: the text is looked for, not the status role.
    await shown(admin.page, "Product updated");
    await dialog.waitFor({ state: "detached" });
    await admin.page.getByTestId("admin-product").filter({ hasText: renamed }).waitFor();

    const auctionPage = await admin.page.request.get(`/api/auctions/${auctionId}`);
    expect(((await auctionPage.json()) as { product: { name: string } }).product.name).toBe(renamed);

    // A bid: the starting price is what bidders relied on now.
    const username = `e2eb${suffix}${label[0]}`;
    const bidder = await createUser({
      emailVerified: true,
      username,
      email: `${username}@example.com`,
      passwordHash: "unused",
      role: "buyer",
      bidBalance: 3,
      now: Date.now(),
    });
    await placeBid({ auctionId, bidder: { id: bidder.id, username: bidder.username } });
    const editedRow = admin.page.getByTestId("admin-product").filter({ hasText: renamed });
    await editedRow.getByRole("button", { name: `Edit ${renamed}` }).click();
    const again = admin.page.getByRole("dialog", { name: `Edit ${renamed}` });
    await again.getByLabel("Starting Price ($)").fill("2.00");
    await again.getByRole("button", { name: "Save Changes" }).click();
    await shown(admin.page, "startingPrice: cannot change once the auction has a bid");
    await again.screenshot({ path: `${SHOTS}/admin-product-refused-${label}.png` });
    // The refusal itself (its response and the browser's line about it) is expected; nothing else.
    const refusal = (p: string) =>
      (p.startsWith("409 ") && p.includes(`/api/admin/products/${product.id}`)) ||
      (p.startsWith("error: Failed to load resource") && p.includes("409")) ||
      // The table shows every product's photo, and other files on the shared stack list products whose
      // photo points at a port the browser refuses to load.
      p === "error: Failed to load resource: net::ERR_UNSAFE_PORT";
    expect(seen.filter((p) => !refusal(p))).toEqual([]);
  });
});
