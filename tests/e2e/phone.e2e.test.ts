/**
 * Phone-first: at 390 × 844 the auction page puts the bid in the first screen; at 360 px no
 * page scrolls sideways, for every role's pages; at 1280 px the bid stays in the price panel.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startAuction } from "../../functions/usecases/auctions/start-auction.ts";
import { animationsDone } from "./support/browser.ts";
import { fillShippingAddress } from "./support/checkout.ts";
import { eachAdminTab, everyPage, visit } from "./support/site-pages.ts";
import { pageAt, signedIn } from "./support/users.ts";

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 780 };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

async function liveAuction(sellerId: string, sellerUserId: string, name: string) {
  const productId = crypto.randomUUID();
  return startAuction({
    product: {
      id: productId,
      sellerId,
      name: `${name} ${productId.slice(0, 6)}`,
      description: "A one ounce .999 fine silver coin with a long enough description to wrap on a phone.",
      metalType: "silver",
      weight: "1 oz",
      purity: ".999",
      imageUrl: "/images/products/silver-coins.svg",
      startingPriceCents: 100,
      retailPriceCents: 3900,
      buyNowStock: 2,
    },
    seller: { id: sellerId, userId: sellerUserId, businessName: "Phone Coins" },
    durationSeconds: 3600,
    now: Date.now(),
  });
}

/** How far the page can scroll sideways (0 = not at all). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe("phone-first bidding", () => {
  it("at 390 × 844 the title, price, time left and Place Bid are in the first screen", async () => {
    const seller = await signedIn("seller", { viewport: PHONE });
    const buyer = await signedIn("buyer", { viewport: PHONE, bidBalance: 5 });
    const auction = await liveAuction(seller.sellerId!, seller.id, "Phone Eagle");
    await buyer.page.goto(`/auction/${auction.id}`);
    await buyer.page.getByRole("heading", { name: auction.product.name }).waitFor();
    const button = buyer.page.getByRole("button", { name: "Place Bid" });
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    const title = await buyer.page.getByRole("heading", { name: auction.product.name }).boundingBox();
    expect(title!.y).toBeLessThan(PHONE.height / 2);
    expect(await buyer.page.getByTestId("phone-bid-bar").textContent()).toContain("$1.00");
    if (SCREENSHOTS) await buyer.page.screenshot({ path: `${SCREENSHOTS}/phone-auction.png` });

    // The purchase modal shows its Proceed button whole.
    await buyer.page.getByTestId("user-menu").click();
    await buyer.page.getByRole("menuitem", { name: "Buy Bids" }).click();
    const proceed = buyer.page.getByRole("dialog").getByRole("button", { name: "Proceed to Checkout" });
    await proceed.waitFor();
    // Measured where the dialog comes to rest, not mid-zoom.
    await animationsDone(buyer.page);
    const proceedBox = await proceed.boundingBox();
    expect(proceedBox!.y).toBeGreaterThanOrEqual(0);
    expect(proceedBox!.y + proceedBox!.height).toBeLessThanOrEqual(PHONE.height);
    if (SCREENSHOTS) await buyer.page.screenshot({ path: `${SCREENSHOTS}/phone-purchase-modal.png` });
    await buyer.page.keyboard.press("Escape");

    // Bidding from the bar; then the bar says who leads instead of offering a bid to be refused.
    await button.click();
    const leading = buyer.page.getByTestId("phone-bid-bar").getByTestId("leading");
    await leading.waitFor();
    expect(await leading.textContent()).toBe("You're the highest bidder");
    expect(await sidewaysOverflow(buyer.page)).toBe(0);
  });

  it("at 1280 px the bid stays in the price panel and the bar is hidden", async () => {
    const seller = await signedIn("seller", { viewport: { width: 1280, height: 800 } });
    const buyer = await signedIn("buyer", { viewport: { width: 1280, height: 800 }, bidBalance: 5 });
    const auction = await liveAuction(seller.sellerId!, seller.id, "Desk Eagle");
    await buyer.page.goto(`/auction/${auction.id}`);
    await buyer.page.getByTestId("price-panel").getByRole("button", { name: "Place Bid" }).waitFor();
    expect(await buyer.page.getByTestId("phone-bid-bar").isVisible()).toBe(false);

    // The desktop hero leaves live auctions in the first screen: the first row of cards starts well above the fold.
    await buyer.page.goto("/");
    const card = buyer.page.getByTestId("auction-card").first();
    await card.waitFor();
    const box = await card.boundingBox();
    expect(box!.y + 200).toBeLessThanOrEqual(800);
    if (SCREENSHOTS) await buyer.page.screenshot({ path: `${SCREENSHOTS}/desktop-home.png` });
  });

  it("at 390 × 844 the order checkout's payment step has the card field in the screen", async () => {
    const seller = await signedIn("seller", { viewport: PHONE });
    const rival = await signedIn("buyer", { bidBalance: 2 });
    const address = {
      shippingAddress: "742 Evergreen Terrace",
      shippingCity: "Springfield",
      shippingState: "OR",
      shippingZip: "97403",
    };
    // The step scrolls itself up smoothly (html's scroll-behavior) once the field is there, or as it
    // comes: the field is in the screen when the scroll rests, as the buyer sees it.
    const cardFieldInScreen = async (page: Page) => {
      const card = page.getByLabel("Card number");
      await card.waitFor();
      await expect
        .poll(async () => {
          const box = await card.boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
        })
        .toBe(true);
    };

    // Coming back to pay: an unpaid order opens the checkout straight on its payment, under the summary.
    const returning = await signedIn("buyer", { viewport: PHONE, bidBalance: 1 });
    const first = await liveAuction(seller.sellerId!, seller.id, "Return Eagle");
    expect((await returning.page.request.post(`/api/auctions/${first.id}/bid`, { data: {} })).status()).toBe(
      200,
    );
    expect((await rival.page.request.post(`/api/auctions/${first.id}/bid`, { data: {} })).status()).toBe(200);
    const ordered = await returning.page.request.post(`/api/auctions/${first.id}/buy-now`, { data: address });
    expect(ordered.status()).toBe(201);
    await visit(returning.page, `/order-checkout/${first.id}?buyNow=1`, "Credit for your 1 bid");
    await cardFieldInScreen(returning.page);
    if (SCREENSHOTS) await returning.page.screenshot({ path: `${SCREENSHOTS}/phone-checkout-return.png` });

    // Giving the address first: the payment step that replaces the form is in the screen too.
    const buyer = await signedIn("buyer", { viewport: PHONE, bidBalance: 1 });
    const second = await liveAuction(seller.sellerId!, seller.id, "Checkout Eagle");
    expect((await buyer.page.request.post(`/api/auctions/${second.id}/bid`, { data: {} })).status()).toBe(
      200,
    );
    expect((await rival.page.request.post(`/api/auctions/${second.id}/bid`, { data: {} })).status()).toBe(
      200,
    );
    await visit(buyer.page, `/order-checkout/${second.id}?buyNow=1`, "Credit for your 1 bid");
    await fillShippingAddress(buyer.page);
    await buyer.page.getByRole("button", { name: "Continue to Payment" }).click();
    await cardFieldInScreen(buyer.page);
    if (SCREENSHOTS) await buyer.page.screenshot({ path: `${SCREENSHOTS}/phone-checkout-payment.png` });
  }, 60_000);

  it("no page scrolls sideways at 360 px, for visitors, buyers, sellers and admins", async () => {
    const seller = await signedIn("seller", { viewport: NARROW, approved: true });
    const buyer = await signedIn("buyer", { viewport: NARROW, bidBalance: 5 });
    const admin = await signedIn("admin", { viewport: NARROW });
    const visitor = await pageAt(NARROW);
    const auction = await liveAuction(seller.sellerId!, seller.id, "Narrow Maple");
    // The seller (approved above) has a product to show on the dashboard.
    const created = await seller.page.request.post("/api/seller/products", {
      data: {
        name: "A very long product name that would push a card wider than a small phone screen",
        description: "A description.",
        metalType: "gold",
        imageUrl: "/images/products/gold-jewelry.svg",
        startingPrice: "1.00",
        retailPrice: "99.00",
      },
    });
    expect(created.status()).toBe(201);
    // A photo that does not load shows the placeholder, not its alt text.
    const broken = await seller.page.request.post("/api/seller/products", {
      data: {
        name: "Broken Photo Bar",
        description: "A bar whose photo link is dead.",
        metalType: "silver",
        imageUrl: "https://127.0.0.1:9/missing.png",
        startingPrice: "1.00",
        retailPrice: "30.00",
      },
    });
    expect(broken.status()).toBe(201);

    // The footer's pages are linked, not placeholders.
    await visitor.goto("/");
    await visitor.getByRole("contentinfo").getByRole("link", { name: "Auction Rules" }).click();
    await visitor.waitForURL("**/auction-rules");
    await visitor.getByText("Bids and the clock").waitFor();
    const overflowing: string[] = [];
    const who = { visitor, buyer: buyer.page, seller: seller.page, admin: admin.page };
    for (const { page, path, ready } of everyPage(who, auction)) {
      await visit(page, path, ready);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflowing.push(`${path} (+${overflow}px)`);
      if (SCREENSHOTS) {
        await page.screenshot({
          path: `${SCREENSHOTS}/narrow${path.replace(/[^\w]+/g, "-")}.png`,
          fullPage: true,
        });
      }
    }
    await visit(seller.page, "/seller-dashboard", "Broken Photo Bar");
    await seller.page.locator('svg[aria-label="Broken Photo Bar"]').waitFor();
    expect(await seller.page.locator('img[alt="Broken Photo Bar"]').count()).toBe(0);

    // Every tab of the admin panel too.
    await eachAdminTab(admin.page, async (tab) => {
      const overflow = await sidewaysOverflow(admin.page);
      if (overflow > 0) overflowing.push(`/admin ${tab} (+${overflow}px)`);
    });
    expect(overflowing).toEqual([]);
  }, 120_000);
});
