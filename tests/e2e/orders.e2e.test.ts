/**
 * After the clock hits zero, in Chromium through the whole local stack: the winner of a short
 * auction checks out with an address and pays with the test card; the seller ships it with a
 * tracking number; the buyer sees it shipped.
 *
 * The test worker inherits the stack's environment (TABLE_NAME, DynamoDB endpoint, local clock), so
 * the short auction is started with the same use case the admin's approval runs, with a 4-second
 * duration the admin form does not offer. Bids go through the real bid API.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "#shared/schemas/auth";
import { adjustBidBalance } from "../../functions/adapters/dynamo/admin-users-repo.ts";
import { getUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { startAuction } from "../../functions/usecases/auctions/start-auction.ts";
import { givePaidCredits } from "../support/paid-credits.ts";
import { newPage } from "./support/browser.ts";
import { fillShippingAddress } from "./support/checkout.ts";
import { toast } from "./support/toasts.ts";

const PASSWORD = "password123";

async function registeredPage(role: "buyer" | "seller"): Promise<{ page: Page; user: CurrentUser }> {
  const page = await newPage();
  const username = `e2eord${role[0]}${Math.random().toString(36).slice(2, 9)}`;
  const res = await page.request.post("/api/auth/register", {
    data: { username, email: `${username}@example.com`, password: PASSWORD, role },
  });
  expect(res.status()).toBe(201);
  const user = (await (await page.request.get("/api/auth/me")).json()) as CurrentUser;
  return { page, user };
}

/** A live auction of the seller's that ends `seconds` from now. */
async function shortAuction(sellerUserId: string, seconds: number) {
  const seller = await getUser(sellerUserId);
  if (!seller?.sellerId) throw new Error("the seller has no seller profile");
  const productId = crypto.randomUUID();
  return startAuction({
    product: {
      id: productId,
      sellerId: seller.sellerId,
      name: `Gold Maple Leaf ${productId.slice(0, 6)}`,
      description: "A one ounce .9999 fine gold coin.",
      metalType: "gold",
      weight: "1 oz",
      purity: ".9999",
      imageUrl: "/images/products/gold-jewelry.svg",
      startingPriceCents: 150,
    },
    seller: { id: seller.sellerId, userId: seller.id, businessName: "Golden Vault Coins" },
    durationSeconds: seconds,
    extensionSeconds: 2,
    now: Date.now(),
  });
}

describe("winning and fulfilment", () => {
  it("the winner checks out and pays, the seller ships with tracking, the buyer sees Shipped", async () => {
    const seller = await registeredPage("seller");
    const buyer = await registeredPage("buyer");
    const rival = await registeredPage("buyer");
    // 5 credits bought for $3.00: 60 cents a bid.
    await givePaidCredits(buyer.user.id, 5, 300);
    await adjustBidBalance(rival.user.id, 5);

    const auction = await shortAuction(seller.user.id, 5);
    for (const bidder of [rival, buyer]) {
      const bid = await bidder.page.request.post(`/api/auctions/${auction.id}/bid`, {
        headers: { "content-type": "application/json" },
      });
      expect(bid.status()).toBe(200);
    }
    await rival.page.context().close();
    // Two bids on $1.50: the winner pays $1.52, once the auction is won (what /my-wins lists).
    await expect
      .poll(async () => (await (await buyer.page.request.get(`/api/auctions/${auction.id}`)).json()).status, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe("won");

    // --- the winner's wins
    const page = buyer.page;
    await page.goto("/my-wins");
    await page.getByRole("heading", { name: "My Wins" }).waitFor();
    await page.getByTestId("win-card").first().waitFor();
    expect(await page.getByTestId("summary-total-wins").textContent()).toBe("1");
    // The totals add the wins' All-in figures (below), never the final prices alone.
    expect(await page.getByTestId("summary-total-spent").textContent()).toBe("$2.12");
    expect(await page.getByTestId("summary-average-price").textContent()).toBe("$2.12");
    const winCard = page.getByTestId("win-card");
    expect(await winCard.textContent()).toContain("Won");
    // All-in: $1.52 + one bid that cost $0.60.
    expect(await winCard.getByTestId("all-in-cost").textContent()).toBe("$2.12");
    expect(await winCard.getByRole("link", { name: "View Auction" }).getAttribute("href")).toBe(
      `/auction/${auction.id}`,
    );
    // One wins page: the win and its Pay button are on it.
    const won = page.locator(`[data-auction-id="${auction.id}"]`);
    expect(await won.textContent()).toContain("$1.52");
    expect(await won.textContent()).toContain("Golden Vault Coins");
    await won.getByRole("link", { name: "Pay $1.52 now" }).click();

    // --- checkout: summary, shipping, then payment
    await page.waitForURL(`**/order-checkout/${auction.id}`);
    const summary = page.getByTestId("order-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toContain("A one ounce .9999 fine gold coin.");
    expect(await page.getByTestId("total-due").textContent()).toBe("$1.52");

    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await toast(page, "Missing information")
      .filter({ hasText: "Please fill in all shipping fields" })
      .waitFor();

    await fillShippingAddress(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await toast(page, "Order created. Please complete payment to finalize your purchase.").waitFor();

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $1.52" }).click();
    await toast(page, "Payment successful!")
      .filter({ hasText: "Your order has been placed. Check your orders page for details." })
      .waitFor();

    // --- the buyer's orders: paid, not shipped yet
    await page.waitForURL("**/orders");
    const order = page.getByTestId("order").first();
    await order.waitFor();
    await expect.poll(() => order.getByTestId("payment-status").textContent()).toBe("Paid");
    expect(await order.getByTestId("shipping-status").textContent()).toBe("Pending");
    expect(await order.textContent()).toContain("Gold Maple Leaf");
    expect(await order.textContent()).toContain("Golden Vault Coins");
    const orderId = (await order.getAttribute("data-order-id"))!;
    expect(await order.textContent()).toContain(orderId.slice(0, 8));

    // --- the win now shows its order's status (the old Won Auctions address leads to the wins page)
    await page.goto("/auctions/won");
    await won.getByTestId("order-status").waitFor();
    expect(await won.getByTestId("payment-status").textContent()).toBe("Paid");
    expect(await won.getByRole("link", { name: "View Order" }).getAttribute("href")).toBe("/orders");

    // --- the seller ships it
    const sellerPage = seller.page;
    await sellerPage.goto("/seller-orders");
    await sellerPage.getByRole("heading", { name: "Orders to Fulfill" }).waitFor();
    const sold = sellerPage.locator(`[data-order-id="${orderId}"]`);
    await sold.waitFor();
    const soldText = await sold.textContent();
    for (const text of [buyer.user.username, `${buyer.user.username}@example.com`, "742 Evergreen Terrace"]) {
      expect(soldText).toContain(text);
    }
    expect(await sold.getByTestId("shipping-address").locator("span > span").allTextContents()).toEqual([
      "Homer Simpson",
      "742 Evergreen Terrace",
      "Springfield, OR 97403",
      "US",
    ]);
    expect(await sold.getByTestId("payment-status").textContent()).toBe("Paid");

    await sold.getByRole("button", { name: "Update Shipping" }).click();
    const dialog = sellerPage.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Update Shipping" }).waitFor();
    expect(await dialog.getByLabel("Tracking number (optional)").count()).toBe(0);
    await dialog.getByRole("combobox", { name: "Shipping status" }).click();
    await sellerPage.getByRole("option", { name: "Shipped" }).click();
    await dialog.getByLabel("Tracking number (optional)").fill("1Z999AA10123456784");
    await dialog.getByRole("button", { name: "Update", exact: true }).click();
    await toast(sellerPage, "Shipping updated").waitFor();
    await expect.poll(() => sold.getByTestId("shipping-status").textContent()).toBe("Shipped");
    expect(await sold.getByTestId("tracking-number").textContent()).toBe("1Z999AA10123456784");

    // --- the buyer sees it shipped, with the tracking number
    await page.goto("/orders");
    const shipped = page.locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => shipped.getByTestId("shipping-status").textContent()).toBe("Shipped");
    expect(await shipped.getByTestId("tracking-number").textContent()).toBe("1Z999AA10123456784");
    // A UPS number links to UPS's tracking page.
    expect(await shipped.getByTestId("tracking-number").getAttribute("href")).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    expect(await shipped.getByTestId("payment-status").textContent()).toBe("Paid");
  });

  it("someone who did not win cannot check the auction out", async () => {
    const { page } = await registeredPage("buyer");
    await page.goto("/order-checkout/not-an-auction-of-yours");
    await page.getByRole("heading", { name: "Auction not found" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to My Wins" }).getAttribute("href")).toBe("/my-wins");
    await page.goto("/my-wins");
    await page.getByText("No wins yet").waitFor();
  });
});
