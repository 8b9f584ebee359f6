/**
 * axe-core on every page, desktop (1280) and phone (390), for visitors, buyers, sellers and admins,
 * and on every dialog a user opens: zero findings.
 */
import { describe, expect, it } from "vitest";
import { startAuction } from "../../functions/usecases/auctions/start-auction.ts";
import { listedAuction, SILVER_COIN } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { fillShippingAddress } from "./support/checkout.ts";
import { eachAdminTab, everyPage, visit } from "./support/site-pages.ts";
import { pageAt, signedIn } from "./support/users.ts";

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type ViewportName = keyof typeof VIEWPORTS;

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("accessibility (%s)", (viewport) => {
  it("axe-core finds nothing on any page or dialog", async () => {
    const size = VIEWPORTS[viewport];
    const seller = await signedIn("seller", { viewport: size, approved: true });
    const buyer = await signedIn("buyer", { viewport: size, bidBalance: 5 });
    const admin = await signedIn("admin", { viewport: size });
    const visitor = await pageAt(size);
    const auction = await listedAuction(
      seller,
      "Axe Eagle",
      "Axe Coins",
      { ...SILVER_COIN, retailPriceCents: 3900, buyNowStock: 1 },
      { durationSeconds: 3600 },
    );

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

    const findings: string[] = [];
    const who = { visitor, buyer: buyer.page, seller: seller.page, admin: admin.page };
    for (const { page, path, ready } of everyPage(who, auction)) {
      await visit(page, path, ready);
      findings.push(...(await axeFindings(page, path)));
      // The first page, the visitor's home, was checked with the urgent countdown on it.
      if (page === visitor && path === "/")
        expect(await page.locator('[data-urgency="urgent"]').count()).toBeGreaterThan(0);
    }
    await eachAdminTab(admin.page, async (tab) => {
      findings.push(...(await axeFindings(admin.page, `/admin ${tab}`)));
    });

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
    await buyer.page.keyboard.press("Escape");

    // The admin's Approve Product dialog, on a product the seller just submitted.
    const submitted = await seller.page.request.post("/api/seller/products", {
      data: {
        name: `Axe Pending ${auction.productId.slice(0, 6)}`,
        description: "Waiting for approval.",
        metalType: "silver",
        imageUrl: "/images/products/silver-coins.svg",
        startingPrice: "1.00",
        retailPrice: "30.00",
      },
    });
    expect(submitted.status()).toBe(201);
    await visit(admin.page, "/admin", "Admin Panel");
    await admin.page.getByRole("tab", { name: /^Product Approvals/ }).click();
    await admin.page
      .getByTestId("product-application")
      .filter({ hasText: `Axe Pending ${auction.productId.slice(0, 6)}` })
      .getByRole("button", { name: "Approve" })
      .click();
    await admin.page.getByRole("dialog").waitFor();
    findings.push(...(await axeFindings(admin.page, "Approve Product dialog")));

    // The Buy It Now checkout, its address form and then its card form: the buyer bid, then a rival.
    const rival = await signedIn("buyer", { viewport: size, bidBalance: 1 });
    expect((await buyer.page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} })).status()).toBe(
      200,
    );
    expect((await rival.page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} })).status()).toBe(
      200,
    );
    await visit(buyer.page, `/order-checkout/${auction.id}?buyNow=1`, "Credit for your 1 bid");
    findings.push(...(await axeFindings(buyer.page, "Buy It Now checkout")));
    await fillShippingAddress(buyer.page);
    await buyer.page.getByRole("button", { name: "Continue to Payment" }).click();
    await buyer.page.getByLabel("Card number").waitFor();
    findings.push(...(await axeFindings(buyer.page, "Buy It Now payment")));
    await buyer.page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await buyer.page.getByRole("button", { name: /^Pay / }).click();
    await buyer.page.waitForURL("**/orders");

    // The buyer's Change password dialog, from the account menu.
    await buyer.page.getByTestId("user-menu").click();
    await buyer.page.getByRole("menuitem", { name: "Change password" }).click();
    await buyer.page.getByRole("dialog").waitFor();
    findings.push(...(await axeFindings(buyer.page, "Change password dialog")));

    // The seller's Update Shipping dialog, on the order the buyer just paid.
    await visit(seller.page, "/seller-orders", "Orders");
    await seller.page.getByRole("button", { name: "Update Shipping" }).first().click();
    await seller.page.getByRole("dialog").waitFor();
    findings.push(...(await axeFindings(seller.page, "Update Shipping dialog")));

    // The admin's dialogs: Add Product, and on a user's row Reset Password, Adjust Bids and Delete.
    const dialogsOf = async (open: () => Promise<void>, where: string) => {
      await open();
      await admin.page.getByRole("dialog").or(admin.page.getByRole("alertdialog")).first().waitFor();
      findings.push(...(await axeFindings(admin.page, where)));
      await admin.page.keyboard.press("Escape");
      await admin.page
        .getByRole("dialog")
        .or(admin.page.getByRole("alertdialog"))
        .first()
        .waitFor({ state: "detached" });
    };
    await visit(admin.page, "/admin", "Admin Panel");
    await admin.page.getByRole("tab", { name: /^Products/ }).click();
    await dialogsOf(
      () => admin.page.getByRole("button", { name: "Add Product" }).first().click(),
      "admin Add Product dialog",
    );
    await admin.page.getByRole("tab", { name: /^Users/ }).click();
    const row = admin.page.getByTestId("admin-user-row").filter({ hasText: buyer.username });
    await dialogsOf(
      () => row.getByRole("button", { name: "Reset Password" }).click(),
      "Reset Password dialog",
    );
    await dialogsOf(() => row.getByRole("button", { name: "Adjust Bids" }).click(), "Adjust Bids dialog");
    await dialogsOf(
      () => row.getByRole("button", { name: `Delete ${buyer.username}` }).click(),
      "Delete user dialog",
    );

    expect(findings).toEqual([]);
  }, 180_000);
});
