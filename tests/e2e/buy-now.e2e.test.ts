/**
 * Buy It Now in Chromium through the whole local stack: a bidder who spent bids on a live auction sees
 * the offer on the auction page (retail less their bids), checks out on the order checkout page and
 * pays with the test card; the order is listed as Buy It Now and their next bid is refused.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { givePaidCredits } from "../support/paid-credits.ts";
import { listedAuction, type ProductFields, SILVER_COIN } from "./support/auctions.ts";
import { fillShippingAddress } from "./support/checkout.ts";
import { toast } from "./support/toasts.ts";
import { signedIn } from "./support/users.ts";

const bid = (page: Page, auctionId: string) =>
  page.request.post(`/api/auctions/${auctionId}/bid`, { headers: { "content-type": "application/json" } });

describe("Buy It Now", () => {
  it("offers retail less the bids spent, checks out and pays, and ends the buyer's bidding", async () => {
    const seller = await signedIn("seller");
    const buyer = await signedIn("buyer");
    // 10 credits bought for $6.00: each bid cost the buyer 60 cents.
    await givePaidCredits(buyer.id, 10, 600);
    const rival = await signedIn("buyer", { bidBalance: 10 });
    const product: ProductFields = {
      ...SILVER_COIN,
      description: "A one ounce .9999 fine silver maple leaf.",
      retailPriceCents: 4000,
      buyNowStock: 2,
    };
    const auction = await listedAuction(seller, "Buy Now Maple", "Maple Mint", product, {
      durationSeconds: 3600,
    });
    for (const page of [buyer.page, rival.page, buyer.page, rival.page]) {
      expect((await bid(page, auction.id)).status()).toBe(200);
    }

    // The auction page: 2 bids that cost $0.60 each = $1.20 off the $40.00 retail price.
    await buyer.page.goto(`/auction/${auction.id}`);
    const panel = buyer.page.getByTestId("buy-now-panel");
    await panel.waitFor();
    expect(await buyer.page.getByTestId("price-panel").getByTestId("retail-price").textContent()).toBe(
      "Retail $40.00Buy It Now",
    );
    // What they spent here, from the detail's `me`.
    expect(await buyer.page.getByTestId("my-spend").textContent()).toBe("You've spent 2 bids ($1.20) here");
    expect(await panel.textContent()).toContain("$40.00");
    expect(await panel.getByTestId("buy-now-credit").textContent()).toBe("−$1.20");
    expect(await panel.getByTestId("buy-now-price").textContent()).toBe("$38.80");
    await buyer.page.screenshot({ path: "/tmp/buy-now-offer.png", fullPage: true });
    await panel.getByRole("link", { name: "Buy It Now for $38.80" }).click();

    // The order checkout page, in its Buy It Now form.
    await buyer.page.waitForURL(`**/order-checkout/${auction.id}?buyNow=1`);
    const summary = buyer.page.getByTestId("order-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toContain("Credit for your 2 bids");
    expect(await buyer.page.getByTestId("total-due").textContent()).toBe("$38.80");
    await fillShippingAddress(buyer.page);
    await buyer.page.getByRole("button", { name: "Continue to Payment" }).click();
    await toast(buyer.page, "Order created. Please complete payment to finalize your purchase.").waitFor();
    await buyer.page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await buyer.page.getByRole("button", { name: "Pay $38.80" }).click();
    await toast(buyer.page, "Payment successful!").waitFor();

    // /orders lists it as Buy It Now, paid.
    await buyer.page.waitForURL("**/orders");
    const order = buyer.page.getByTestId("order").filter({ hasText: "Buy Now Maple" });
    await order.getByTestId("order-buy-now").waitFor();
    expect(await order.textContent()).toContain("Paid");
    expect(await order.getByTestId("ship-to").textContent()).toBe(
      "Ship to: 742 Evergreen Terrace, Springfield, OR 97403, US",
    );
    expect(await order.getByTestId("order-buy-now").textContent()).toContain("less $1.20 for 2 bids");
    // All-in: $38.80 paid + 2 bids worth $1.20 = the retail price.
    expect(await order.getByTestId("order-all-in").textContent()).toBe("All-in $40.00 with 2 bids ($1.20)");

    // Their part in the auction is over; the other bidder still sees the offer, one unit left.
    const refused = await bid(buyer.page, auction.id);
    expect(refused.status()).toBe(403);
    await rival.page.goto(`/auction/${auction.id}`);
    const rivalPanel = rival.page.getByTestId("buy-now-panel");
    await rivalPanel.waitFor();
    expect(await rivalPanel.textContent()).toContain("1 unit left");
    expect(await rivalPanel.getByTestId("buy-now-reason").textContent()).toBe(
      "You are the highest bidder: Buy It Now opens again if someone outbids you",
    );
  }, 60_000);
});
