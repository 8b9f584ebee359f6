/**
 * In Chromium through the whole local stack: a new seller registers and waits for approval, the
 * admin approves the seller, the seller adds a product with a preset image, the admin approves the
 * product, and its auction appears on the home page.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { newPage } from "./support/browser.ts";
import { submitRefused } from "./support/forms.ts";
import { toast } from "./support/toasts.ts";
import { signedIn } from "./support/users.ts";

const PASSWORD = "password123";

async function logIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username or Email").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: /log ?in|sign in/i }).click();
  // Signed in once the user menu shows (staff have no bid balance to wait for).
  await page.getByTestId("user-menu").waitFor({ timeout: 15_000 });
}

describe("from seller application to a live auction", () => {
  it("registers a seller, approves them, lists a product with a preset image, approves it, and shows it live", async () => {
    const admin = inject("seededAdmin");
    if (!admin) throw new Error("the e2e stack did not seed an admin");
    const username = `e2esel${Math.random().toString(36).slice(2, 8)}`;
    const productName = `Gold Chain ${username.slice(-6)}`;

    // The seller registers through the form, choosing a seller account.
    const seller = await newPage();
    await seller.goto("/register");
    await seller.getByLabel("Username").fill(username);
    await seller.getByLabel("Email").fill(`${username}@example.com`);
    await seller.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await seller.getByLabel("Confirm Password").fill(PASSWORD);
    await seller.getByLabel(/I am 18 or older/).check();
    await seller.getByText("Seller", { exact: true }).click();
    // The application names the business; a new seller then lands on the dashboard.
    await seller.getByLabel("Business Name").fill(`Shop ${username}`);
    await seller.getByRole("button", { name: /create account/i }).click();
    await seller.waitForURL(/\/seller-dashboard$/, { timeout: 15_000 });
    await seller.getByTestId("bid-balance").waitFor({ timeout: 15_000 });

    // Pending: the dashboard says so and listing is not possible yet.
    await seller.goto("/seller-dashboard");
    await seller.getByRole("heading", { name: "Seller Dashboard" }).waitFor();
    await expect.poll(() => seller.getByTestId("seller-status").textContent()).toContain("Pending approval");
    await seller.getByText("No Products Yet").waitFor();
    expect(await seller.getByRole("button", { name: "Add Product" }).first().isDisabled()).toBe(true);

    // The admin approves the application.
    const adminPage = await newPage();
    await logIn(adminPage, admin.username, admin.password);
    await adminPage.goto("/admin");
    const application = adminPage.getByTestId("seller-application").filter({ hasText: username });
    await application.waitFor({ timeout: 15_000 });
    await application.getByRole("button", { name: "Approve" }).click();
    await toast(adminPage, "Seller approved").waitFor();
    await application.waitFor({ state: "detached" });

    // The approved seller adds a product, choosing the Gold Jewelry preset image.
    await seller.reload();
    await expect.poll(() => seller.getByTestId("seller-status").textContent()).toContain("Approved");
    await seller.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = seller.getByRole("dialog", { name: "Add New Product" });
    await dialog.getByLabel("Product Name").fill(productName);
    await dialog.getByLabel("Description").fill("An 18K gold rope chain, 20 inches.");
    await dialog.getByRole("combobox", { name: "Metal Type" }).click();
    await seller.getByRole("option", { name: "Gold" }).click();
    await dialog.getByLabel("Weight").fill("0.5oz");
    await dialog.getByLabel("Purity").fill("75%");
    await dialog.getByRole("button", { name: "Gold Jewelry" }).click();
    expect(await dialog.getByLabel("Image URL").inputValue()).toBe("/images/products/gold-jewelry.svg");
    expect(await dialog.getByLabel("Starting Price ($)").inputValue()).toBe("0.50");
    // Retail is required and at least the starting price.
    await submitRefused(
      dialog,
      "Add Product",
      "Retail price must be a positive amount with at most 2 decimals",
    );
    await dialog.getByLabel("Retail Price ($)").fill("0.25");
    await submitRefused(dialog, "Add Product", "Retail price must be at least the starting price");
    await dialog.getByLabel("Retail Price ($)").fill("89");
    await dialog.getByLabel("Buy It Now Stock").fill("3");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await toast(seller, "Product created!")
      .filter({ hasText: "Your product has been submitted for approval." })
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    const listed = seller.getByTestId("seller-product").filter({ hasText: productName });
    await listed.waitFor();
    expect(await listed.textContent()).toContain("Pending review");

    // The admin approves the product: its auction starts.
    await adminPage.goto("/admin");
    await adminPage.getByRole("tab", { name: /Product Approvals/ }).click();
    const submitted = adminPage.getByTestId("product-application").filter({ hasText: productName });
    await submitted.waitFor({ timeout: 15_000 });
    expect(await submitted.textContent()).toContain(username);
    expect(await submitted.textContent()).toContain("Retail: $89.00");
    // Approve opens the approval dialog: the auction's length (a preset or custom minutes), beginner.
    await submitted.getByRole("button", { name: "Approve" }).click();
    const approve = adminPage.getByRole("dialog", { name: "Approve Product" });
    await approve.waitFor();
    await approve.getByRole("radio", { name: "Custom" }).click();
    await approve.getByLabel("Minutes").fill("0");
    expect(await approve.getByRole("button", { name: "Approve and Start Auction" }).isDisabled()).toBe(true);
    await approve.getByLabel("Minutes").fill("45");
    const approvedAt = Date.now();
    await approve.getByRole("button", { name: "Approve and Start Auction" }).click();
    await toast(adminPage, "Product approved")
      .filter({ hasText: "The product is now live on the platform" })
      .waitFor();
    await approve.waitFor({ state: "detached" });
    const live = (await (await adminPage.request.get("/api/auctions")).json()) as {
      endsAt: string;
      beginner: boolean;
      product: { name: string };
    }[];
    const started = live.find((a) => a.product.name === productName);
    // 45 minutes from the click, not the default 24 hours.
    expect(Math.abs(Date.parse(started!.endsAt) - (approvedAt + 45 * 60_000))).toBeLessThan(60_000);
    expect(started!.beginner).toBe(false);

    // Staff never bid: no credits in the header, View Details instead of Place Bid, a notice on the auction.
    await adminPage.goto("/");
    const adminCard = adminPage.getByTestId("auction-card").filter({ hasText: productName }).first();
    await adminPage.getByText(productName).first().waitFor({ timeout: 15_000 });
    expect(await adminPage.getByTestId("bid-balance").count()).toBe(0);
    expect(await adminPage.getByRole("button", { name: "Buy Bids" }).count()).toBe(0);
    expect(await adminCard.getByRole("button", { name: /Place Bid/ }).count()).toBe(0);
    await adminPage.getByText(productName).first().click();
    await adminPage.getByTestId("staff-no-bid").waitFor();

    // Anyone sees it live on the home page.
    const visitor = await newPage();
    await visitor.goto("/");
    await visitor.getByText(productName).first().waitFor({ timeout: 15_000 });
    const image = visitor.locator('img[src="/images/products/gold-jewelry.svg"]').first();
    await image.waitFor();
    const visitorCard = visitor.getByTestId("auction-card").filter({ hasText: productName }).first();
    expect(await visitorCard.textContent()).toContain("Retail $89.00");
    expect(await visitorCard.textContent()).toContain("Buy It Now");

    // The seller's dashboard counts it and "View Details" opens the auction.
    await seller.reload();
    await expect.poll(() => seller.getByTestId("stat-active-auctions").textContent()).toBe("1");
    await seller.getByRole("tab", { name: "Auctions" }).click();
    const auction = seller.getByTestId("seller-auction").filter({ hasText: productName });
    await auction.waitFor();
    expect(await auction.textContent()).toContain("0 bids");
    await auction.getByRole("link", { name: "View Details" }).click();
    await seller.waitForURL(/\/auction\/[0-9a-f-]{36}$/);
    await seller.getByText(productName).first().waitFor();
  });

  it("manages users and refuses to delete a product with bids, with the product's toasts", async () => {
    const admin = inject("seededAdmin");
    if (!admin) throw new Error("the e2e stack did not seed an admin");
    const adminPage = await newPage();
    await logIn(adminPage, admin.username, admin.password);

    // A user to manage, and a product of the admin's whose auction has a bid.
    const member = await newPage();
    const username = `e2eusr${Math.random().toString(36).slice(2, 8)}`;
    const registered = await member.request.post("/api/auth/register", {
      data: { username, email: `${username}@example.com`, password: PASSWORD, role: "buyer" },
    });
    expect(registered.status()).toBe(201);
    const { id: memberId } = (await registered.json()) as { id: string };
    const productName = `Platinum Round ${username.slice(-6)}`;
    const created = await adminPage.request.post("/api/admin/products", {
      data: {
        name: productName,
        description: "A platinum round.",
        metalType: "platinum",
        imageUrl: "/images/products/silver-coins.svg",
        startingPrice: "2.00",
        retailPrice: "60.00",
      },
    });
    expect(created.status()).toBe(201);
    const { id: productId } = (await created.json()) as { id: string };
    const approved = await adminPage.request.post(`/api/admin/products/${productId}/approve`, { data: {} });
    const { auctionId } = (await approved.json()) as { auctionId: string };
    await adminPage.request.post(`/api/admin/users/${memberId}/adjust-bids`, { data: { amount: 3 } });
    expect((await member.request.post(`/api/auctions/${auctionId}/bid`, { data: {} })).status()).toBe(200);

    await adminPage.goto("/admin");
    await adminPage.getByRole("tab", { name: /^Users/ }).click();
    const row = adminPage.getByTestId("admin-user-row").filter({ hasText: username });
    await row.waitFor();
    // The Bid Balance column: 3 credits, one spent on the bid.
    expect(await row.getByTestId("user-bid-balance").textContent()).toBe("2");

    // Reset Password: the button waits for 8 characters, registration's minimum.
    await row.getByRole("button", { name: "Reset Password" }).click();
    const reset = adminPage.getByRole("dialog", { name: "Reset Password" });
    await reset.getByLabel("New Password").fill("1234567");
    expect(await reset.getByRole("button", { name: "Reset Password" }).isDisabled()).toBe(true);
    await reset.getByLabel("New Password").fill("12345678");
    await reset.getByRole("button", { name: "Reset Password" }).click();
    await toast(adminPage, "Password reset").waitFor();
    expect((await member.request.get("/api/auth/me")).status()).toBe(401);

    // Adjust Bid Balance: current balance, a signed amount, the preview floored at 0.
    await row.getByRole("button", { name: "Adjust Bids" }).click();
    const adjust = adminPage.getByRole("dialog", { name: "Adjust Bid Balance" });
    expect(await adjust.getByTestId("current-balance").textContent()).toBe("2 credits");
    await adjust.getByLabel("Amount").fill("-50");
    expect(await adjust.getByTestId("balance-preview").textContent()).toBe("0 credits");
    await adjust.getByLabel("Amount").fill("0");
    expect(await adjust.getByRole("button", { name: "Adjust Bids" }).isDisabled()).toBe(true);
    await adjust.getByLabel("Amount").fill("-50");
    await adjust.getByRole("button", { name: "Adjust Bids" }).click();
    await toast(adminPage, "Bids adjusted").filter({ hasText: "New balance: 0 credits" }).waitFor();

    // A product whose auction has bids cannot be deleted: the server's message in an "Error" toast.
    await adminPage.getByRole("tab", { name: /^Products/ }).click();
    const card = adminPage.getByTestId("admin-product").filter({ hasText: productName });
    await card.getByRole("button", { name: `Delete ${productName}` }).click();
    await adminPage.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast(adminPage, "Error")
      .filter({ hasText: "This product's auction already has bids, so the product cannot be deleted" })
      .waitFor();
    await card.waitFor();

    // Deleting the user.
    await adminPage.getByRole("tab", { name: /^Users/ }).click();
    await row.getByRole("button", { name: `Delete ${username}` }).click();
    await adminPage.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast(adminPage, "User deleted").waitFor();
    await row.waitFor({ state: "detached" });
  });

  it("the users table loads 50 at a time, loads more on demand, and the server searches and filters it", async () => {
    const admin = await signedIn("admin");
    const prefix = `pg${Math.random().toString(36).slice(2, 7)}`;
    for (let i = 0; i < 55; i++) {
      await createUser({
        emailVerified: true,
        username: `${prefix}u${i}`,
        email: `${prefix}u${i}@example.com`,
        passwordHash: "not-used",
        role: "buyer",
        now: Date.now(),
      });
    }
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: /^Users/ }).click();
    const rows = admin.page.getByTestId("admin-user-row");
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(50);
    await admin.page.getByRole("button", { name: "Load more users" }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(50);

    // The server answers the search a page of 50 at a time.
    await admin.page.getByLabel("Search users by name or email").fill(prefix.toUpperCase());
    await expect
      .poll(() => admin.page.getByTestId("users-shown").textContent())
      .toBe("50 found, more to load");
    await admin.page.getByRole("button", { name: "Load more users" }).click();
    await expect.poll(() => admin.page.getByTestId("users-shown").textContent()).toBe("55 found");
    expect((await rows.allTextContents()).every((row) => row.includes(prefix))).toBe(true);

    await admin.page.getByLabel("Search users by name or email").fill("");
    await admin.page.getByLabel("Filter users by role").selectOption("admin");
    await expect.poll(() => rows.filter({ hasText: admin.username }).count()).toBe(1);
    expect((await rows.allTextContents()).every((row) => row.includes("admin"))).toBe(true);

    // Products and auctions: search and a status filter over the list.
    const productName = `Filter Bar ${prefix}`;
    const created = await admin.page.request.post("/api/admin/products", {
      data: {
        name: productName,
        description: "A bar to find.",
        metalType: "gold",
        imageUrl: "/images/products/gold-jewelry.svg",
        startingPrice: "2.00",
        retailPrice: "90.00",
      },
    });
    expect(created.status()).toBe(201);
    await admin.page.reload();
    await admin.page.getByRole("tab", { name: /^Products/ }).click();
    const cards = admin.page.getByTestId("admin-product");
    await cards.first().waitFor();
    await admin.page.getByLabel("Search products").fill(`bar ${prefix}`);
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain(productName);
    await admin.page.getByLabel("Filter products by status").selectOption("rejected");
    await expect.poll(() => cards.count()).toBe(0);
    expect(await admin.page.getByTestId("products-shown").textContent()).toMatch(/^0 of \d+$/);

    await admin.page.getByRole("tab", { name: /^Auctions/ }).click();
    await admin.page.getByLabel("Filter auctions by status").selectOption("active");
    const auctions = admin.page.getByTestId("admin-auction");
    await expect
      .poll(async () => (await auctions.allTextContents()).every((text) => /active/i.test(text)))
      .toBe(true);
  });
});
