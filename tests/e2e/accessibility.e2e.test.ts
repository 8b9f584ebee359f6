/**
 * axe-core on every page, desktop (1280) and phone (390), for visitors, buyers, sellers and admins,
 * and on the dialogs a user opens (issue 19 item 5): zero findings.
 */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setSellerStatus } from "../../functions/adapters/dynamo/sellers-repo.ts";
import { createUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { hashPassword } from "../../functions/domain/passwords.ts";
import { startAuction } from "../../functions/usecases/start-auction.ts";
import { newPage } from "./support/browser.ts";

const AXE_SOURCE: string = createRequire(import.meta.url)("axe-core").source;
const PASSWORD = "password123";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type ViewportName = keyof typeof VIEWPORTS;

async function signedIn(role: "buyer" | "seller" | "admin", viewport: ViewportName, bidBalance = 0) {
  const username = `e2ea${role[0]}${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(PASSWORD),
    role,
    bidBalance,
    now: Date.now(),
  });
  const page = await newPage({ viewport: VIEWPORTS[viewport], isMobile: viewport === "phone" });
  const res = await page.request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return { page, id: user.id, username, sellerId: user.sellerId };
}

/** The findings of axe-core on what the page shows now, as "rule: selector" lines. */
async function axeFindings(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return (result.violations as { id: string; nodes: { target: string[] }[] }[]).map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  });
  return violations.map((v) => `${where} ${v}`);
}

async function visit(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page
    .getByText(ready, { exact: false })
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("accessibility (%s)", (viewport) => {
  it("axe-core finds nothing on any page or dialog", async () => {
    const seller = await signedIn("seller", viewport);
    await setSellerStatus(seller.sellerId!, {
      from: "pending",
      to: "approved",
      approvedAt: new Date().toISOString(),
    });
    const buyer = await signedIn("buyer", viewport, 5);
    const admin = await signedIn("admin", viewport);
    const visitor = await newPage({ viewport: VIEWPORTS[viewport], isMobile: viewport === "phone" });
    const productId = crypto.randomUUID();
    const auction = await startAuction({
      product: {
        id: productId,
        sellerId: seller.sellerId!,
        name: `Axe Eagle ${productId.slice(0, 6)}`,
        description: "A one ounce .999 fine silver coin.",
        metalType: "silver",
        imageUrl: "/images/products/silver-coins.svg",
        startingPriceCents: 100,
        retailPriceCents: 3900,
        buyNowStock: 1,
      },
      seller: { id: seller.sellerId!, userId: seller.id, businessName: "Axe Coins" },
      durationSeconds: 3600,
      now: Date.now(),
    });

    // One auction in its last minute, so the urgent (red, pulsing) countdown is on the home page too.
    const endingId = crypto.randomUUID();
    await startAuction({
      product: {
        id: endingId,
        sellerId: seller.sellerId!,
        name: `Axe Last Minute ${endingId.slice(0, 6)}`,
        description: "Ending now.",
        metalType: "gold",
        imageUrl: "/images/products/gold-jewelry.svg",
        startingPriceCents: 100,
      },
      seller: { id: seller.sellerId!, userId: seller.id, businessName: "Axe Coins" },
      durationSeconds: 50,
      now: Date.now(),
    });

    const pages: [Page, string, string][] = [
      // Home is ready when the grid shows the auctions, not just the hero.
      [visitor, "/", auction.product.name],
      [visitor, `/auction/${auction.id}`, auction.product.name],
      [visitor, "/bid-packages", "Bid"],
      [visitor, "/how-it-works", "How"],
      [visitor, "/fairness", "Fair"],
      [visitor, "/login", "Welcome Back"],
      [visitor, "/register", "Create Account"],
      [visitor, "/no-such-page", "404"],
      [visitor, "/help", "What does a bid cost?"],
      [visitor, "/contact", "Payments and refunds"],
      [visitor, "/shipping", "Where we ship"],
      [visitor, "/terms", "Bid credits"],
      [visitor, "/privacy", "What we store"],
      [visitor, "/auction-rules", "Bids and the clock"],
      [buyer.page, "/", auction.product.name],
      [buyer.page, `/auction/${auction.id}`, auction.product.name],
      [buyer.page, "/auctions/won", "Won"],
      [buyer.page, "/my-wins", "My Wins"],
      [buyer.page, "/orders", "My Orders"],
      [buyer.page, "/spending-limits", "Spending limits"],
      [seller.page, "/seller-dashboard", "Seller Dashboard"],
      [seller.page, "/seller-orders", "Orders"],
      [admin.page, "/admin", "Admin"],
    ];
    const findings: string[] = [];
    for (const [page, path, ready] of pages) {
      await visit(page, path, ready);
      findings.push(...(await axeFindings(page, path)));
      // The first page, the visitor's home, was checked with the urgent countdown on it.
      if (page === visitor && path === "/")
        expect(await page.locator('[data-urgency="urgent"]').count()).toBeGreaterThan(0);
    }
    for (const tab of ["Seller Approvals", "Product Approvals", "Products", "Auctions", "Users"]) {
      await admin.page
        .getByRole("tab", { name: new RegExp(tab) })
        .first()
        .click();
      await admin.page.waitForTimeout(300);
      findings.push(...(await axeFindings(admin.page, `/admin ${tab}`)));
    }

    // Dialogs: Add Product (seller), Buy Bids (buyer).
    await visit(seller.page, "/seller-dashboard", "Seller Dashboard");
    await seller.page.getByRole("button", { name: "Add Product" }).first().click();
    await seller.page.getByRole("dialog").waitFor();
    findings.push(...(await axeFindings(seller.page, "Add Product dialog")));
    await visit(buyer.page, "/", "Live Auctions");
    if (viewport === "phone") {
      // On a phone Buy Bids lives in the account menu.
      await buyer.page.getByTestId("user-menu").click();
      await buyer.page.getByRole("menuitem", { name: "Buy Bids" }).click();
    } else {
      await buyer.page.getByRole("button", { name: "Buy Bids" }).first().click();
    }
    await buyer.page.getByRole("dialog").waitFor();
    findings.push(...(await axeFindings(buyer.page, "Buy Bids dialog")));

    expect(findings).toEqual([]);
  }, 180_000);
});
