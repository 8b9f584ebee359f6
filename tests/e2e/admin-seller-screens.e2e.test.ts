/**
 * The admin's and the seller's screens at a phone's and a laptop's width, through the whole local stack:
 * the users list fits with 60+ users and searches on the server, the auctions list shows end and
 * winner, Platform Value says what it counts and "+ N more" opens the users; a new seller names the
 * business when applying and lands on the dashboard; an uploaded photo is previewed. Each page is
 * axe-clean with no console error or warning.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { PASSWORD, pageAt, signedIn } from "./support/users.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** How far the page and the users list reach past their own width (0 when they fit). */
async function overflow(page: Page): Promise<{ page: number; list: number }> {
  return page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-testid="admin-users-list"]');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      list: list ? list.scrollWidth - list.clientWidth : -1,
    };
  });
}

/** Users registered just now with a shared prefix, so the Recent Registrations card has more than 5. */
async function manyUsers(prefix: string, count: number): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      createUser({
        emailVerified: true,
        username: `${prefix}u${i}`,
        email: `${prefix}.user.number.${i}@a-rather-long-example-domain.com`,
        passwordHash: "not-used",
        role: "buyer",
        now: Date.now(),
      }),
    ),
  );
}

describe.each(PHONE_AND_DESKTOP)("admin and seller screens on a %s", (name, viewport) => {
  it("fits the users list, searches it on the server, explains Platform Value and opens the users from + N more", async () => {
    const prefix = `fit${name[0]}${Math.random().toString(36).slice(2, 6)}`;
    // The oldest of them is registered first: with 60 newer users it is not on the first page of 50.
    await createUser({
      emailVerified: true,
      username: `${prefix}oldest`,
      email: `${prefix}oldest@example.com`,
      passwordHash: "not-used",
      role: "buyer",
      now: Date.now(),
    });
    await manyUsers(prefix, 62);
    const admin = await signedIn("admin", { viewport });
    const page = admin.page;
    const found = problems(page);

    // An auction with a winner: a product of the admin's, approved for 30 s, one bid, then over.
    const buyer = await signedIn("buyer", { bidBalance: 3 });
    const productName = `Fit Round ${prefix}`;
    const created = await page.request.post("/api/admin/products", {
      data: {
        name: productName,
        description: "A round to win.",
        metalType: "silver",
        imageUrl: "/images/products/demo/silver-eagle.svg",
        startingPrice: "1.00",
        retailPrice: "40.00",
      },
    });
    const { id: productId } = (await created.json()) as { id: string };
    const approved = await page.request.post(`/api/admin/products/${productId}/approve`, {
      data: { durationSeconds: 30 },
    });
    const { auctionId } = (await approved.json()) as { auctionId: string };
    expect((await buyer.page.request.post(`/api/auctions/${auctionId}/bid`, { data: {} })).status()).toBe(
      200,
    );

    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    await expect.poll(() => page.getByTestId("stat-platform-value").count(), { timeout: 15_000 }).toBe(1);
    await page.getByText(/^Current prices of all \d+ auctions, live and ended$/).waitFor();

    // "+ N more" is a button that opens the Users tab.
    const more = page.getByRole("button", { name: /^\+ \d+ more: show all users$/ });
    await more.waitFor({ timeout: 15_000 });
    await more.click();
    expect(await page.getByRole("tab", { name: /^Users/ }).getAttribute("aria-selected")).toBe("true");
    const rows = page.getByTestId("admin-user-row");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(50);
    if (viewport.width >= 1024) {
      // The activity column's two dates say which is which.
      const activity = await rows.first().locator("td").nth(3).innerText();
      expect(activity).toMatch(/^Last bid .+\nLast seen .+$/);
    }
    expect(await overflow(page)).toEqual({ page: 0, list: 0 });
    expect(
      await rows
        .first()
        .getByRole("button", { name: /^Delete / })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByTestId("users-shown").textContent()).toBe("50 shown, more to load");
    await page.screenshot({ path: `/tmp/admin-users-${name}.png`, fullPage: false });

    // The search reaches a user the page has not loaded.
    expect(await rows.filter({ hasText: `${prefix}oldest` }).count()).toBe(0);
    await page.getByLabel("Search users by name or email").fill(`${prefix.toUpperCase()}OLDEST`);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain(`${prefix}oldest`);
    expect(await page.getByTestId("users-shown").textContent()).toBe("1 found");
    await page.getByLabel("Search users by name or email").fill(`${prefix}-nobody`);
    await page.getByText("No Matching Users").waitFor({ timeout: 15_000 });
    await page.getByLabel("Search users by name or email").fill(prefix);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(50);
    await page.getByRole("button", { name: "Load more users" }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(63);
    expect(await overflow(page)).toEqual({ page: 0, list: 0 });
    found.push(...(await axeFindings(page, `users tab (${name})`)));

    // The auctions list: end time and winner (the auction is over once its 30 s have passed).
    const auctionRow = page.getByTestId("admin-auction").filter({ hasText: productName });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("tab", { name: /^Auctions/ }).click();
          return (await auctionRow.getByTestId("admin-auction-end").textContent()) ?? "";
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toMatch(new RegExp(`^Ended .+ · Winner: ${buyer.username}$`));
    expect(await overflow(page)).toMatchObject({ page: 0 });
    await auctionRow.screenshot({ path: `/tmp/admin-auctions-${name}.png` });
    found.push(...(await axeFindings(page, `auctions tab (${name})`)));
    expect(found).toEqual([]);
  }, 150_000);

  it("asks a new seller for the business name, lands them on the dashboard and previews an uploaded photo", async () => {
    const page = await pageAt(viewport);
    const found = problems(page);
    const username = `biz${name[0]}${Math.random().toString(36).slice(2, 8)}`;
    await page.goto("/register");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(`${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByLabel(/I am 18 or older/).check();
    expect(await page.getByLabel("Business Name").count()).toBe(0);
    await page.getByText("Seller", { exact: true }).click();
    await page.getByRole("button", { name: /create account/i }).click();
    await page.getByText("Business name is required for a seller account").waitFor();
    found.push(...(await axeFindings(page, `register as seller (${name})`)));
    await page.getByLabel("Business Name").fill("Prairie Mint & Co.");
    await page.getByRole("button", { name: /create account/i }).click();
    await page.waitForURL(/\/seller-dashboard$/, { timeout: 15_000 });
    await page.getByRole("heading", { name: "Seller Dashboard" }).waitFor();
    await expect.poll(() => page.getByTestId("seller-status").textContent()).toContain("Pending approval");
    expect(await page.getByLabel("Business Name").inputValue()).toBe("Prairie Mint & Co.");
    found.push(...(await axeFindings(page, `new seller's dashboard (${name})`)));

    // An approved seller's upload shows the photo before the product is sent.
    const seller = await signedIn("seller", { approved: true, viewport });
    found.push(...problems(seller.page));
    await seller.page.goto("/seller-dashboard");
    await seller.page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = seller.page.getByRole("dialog", { name: "Add New Product" });
    expect(await dialog.getByTestId("photo-preview").count()).toBe(0);
    await dialog
      .getByLabel("Upload Photo")
      .setInputFiles({ name: "coin.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByText("Photo uploaded.").waitFor({ timeout: 15_000 });
    const preview = dialog.getByTestId("photo-preview").getByRole("img", { name: "The product's photo" });
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toBe(await dialog.getByLabel("Image URL").inputValue());
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await dialog.getByTestId("photo-preview").screenshot({ path: `/tmp/seller-photo-preview-${name}.png` });
    found.push(...(await axeFindings(seller.page, `photo preview (${name})`)));
    await seller.page.keyboard.press("Escape");

    // The Sales tab's charts draw (their axis is sized to its labels; tests/unit/admin/chart-axis.test.ts).
    await seller.page.getByRole("tab", { name: "Sales" }).click();
    await seller.page.getByTestId("stats-chart").first().locator("canvas").waitFor({ timeout: 15_000 });
    expect(await overflow(seller.page)).toMatchObject({ page: 0 });
    await seller.page.screenshot({ path: `/tmp/seller-sales-${name}.png`, fullPage: false });
    expect(found).toEqual([]);
  }, 90_000);
});
