/**
 * The winner's path and the bidder's view, at 390 × 844 (the phone's bid bar) and 1280 × 800 (the
 * price panel): "You won" with "Pay $X now" on the won auction's page and on the one wins page (the
 * old Won Auctions route redirects there), no Buy It Now for the winner (the API refuses it too);
 * leading in green and "You've been outbid" in red on the detail and the card, in a polite live
 * region; ended pages without live leftovers; no failed request, console error or warning.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { goldCoinAuction } from "./support/auctions.ts";

import { axeFindings } from "./support/axe.ts";
import { fillShippingAddress } from "./support/checkout.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const VIEWPORTS = PHONE_AND_DESKTOP;

const bid = (page: Page, auctionId: string) =>
  page.request.post(`/api/auctions/${auctionId}/bid`, { headers: { "content-type": "application/json" } });

async function expectAxeClean(page: Page, where: string) {
  expect(await axeFindings(page, where)).toEqual([]);
}

describe.each(VIEWPORTS)("the winner's path at %s size", (label, viewport) => {
  it("the won auction says You won with Pay $X now, the wins page has the same, and nothing offers the winner Buy It Now", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const winner = await signedIn("buyer", { bidBalance: 5, viewport });
    const loser = await signedIn("buyer", { bidBalance: 5, viewport });
    const auction = await goldCoinAuction(seller, "Won Eagle", 4);
    expect((await bid(loser.page, auction.id)).status()).toBe(200);
    expect((await bid(winner.page, auction.id)).status()).toBe(200);

    // The winner watches the end on the auction's own page.
    const seen = problems(winner.page);
    await winner.page.goto(`/auction/${auction.id}`);
    // The celebration opens for the winner as the clock ends; closed, the page behind it shows the win.
    const modal = winner.page.getByTestId("winner-modal");
    await modal.waitFor({ timeout: 20_000 });
    // The modal offers the payment itself beside the wins list.
    expect(await modal.getByRole("link", { name: "Pay $1.52 now" }).getAttribute("href")).toBe(
      `/order-checkout/${auction.id}`,
    );
    expect(await modal.getByRole("link", { name: "View My Wins" }).count()).toBe(1);
    await modal.getByRole("button", { name: "Close" }).first().click();
    await modal.waitFor({ state: "hidden" });
    const youWon = winner.page.getByTestId("you-won").filter({ visible: true });
    await youWon.waitFor();
    expect(await youWon.textContent()).toContain("You won");
    const pay = youWon.getByRole("link", { name: "Pay $1.52 now" });
    await pay.waitFor();
    expect(await pay.getAttribute("href")).toBe(`/order-checkout/${auction.id}`);
    // No live leftovers: the final price, the winning bid, no empty Bid Agent card, no Buy It Now.
    expect(await winner.page.getByTestId("price-panel").getByTestId("price-label").textContent()).toBe(
      "Final price",
    );
    expect(await winner.page.getByTestId("top-bid-tag").textContent()).toBe("Winning bid");
    expect(await winner.page.getByTestId("bid-agent").count()).toBe(0);
    expect(await winner.page.getByTestId("buy-now-panel").count()).toBe(0);
    expect(await winner.page.getByTestId("retail-price").first().textContent()).toBe("Retail $40.00");
    expect(await winner.page.title()).toBe(`${auction.product.name} · Precious Metals Auctions`);
    await expectAxeClean(winner.page, `won auction (${label})`);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/you-won-${label}.png` });

    // The API refuses the winner Buy It Now with a clear 403.
    const refused = await winner.page.request.post(`/api/auctions/${auction.id}/buy-now`, {
      data: {
        shippingAddress: "1 Main St",
        shippingCity: "Springfield",
        shippingState: "OR",
        shippingZip: "97403",
      },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "You won this auction: pay for it from My Wins",
    );

    // The former Won Auctions route is the one wins page now.
    await winner.page.goto("/auctions/won");
    await winner.page.waitForURL("**/my-wins");
    await winner.page.getByRole("heading", { name: "My Wins", level: 1 }).waitFor();
    const card = winner.page.locator(`[data-auction-id="${auction.id}"]`);
    await card.waitFor();
    expect(await winner.page.getByTestId("summary-total-wins").textContent()).toBe("1");
    // The winner's credits were given, not bought: their bid adds $0.00 to the final price.
    expect(await card.getByTestId("all-in-cost").textContent()).toBe("$1.52");
    expect(await card.getByTestId("bids-spent").textContent()).toBe("1 free bid");
    expect(await winner.page.title()).toBe("My Wins · Precious Metals Auctions");
    await expectAxeClean(winner.page, `wins page, unpaid (${label})`);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/wins-unpaid-${label}.png` });
    await card.getByRole("link", { name: "Pay $1.52 now" }).click();

    // Pay it: the address, then the card.
    await winner.page.waitForURL(`**/order-checkout/${auction.id}`);
    await winner.page.getByTestId("total-due").waitFor();
    await fillShippingAddress(winner.page);
    await winner.page.getByRole("button", { name: "Continue to Payment" }).click();
    await winner.page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await winner.page.getByRole("button", { name: "Pay $1.52" }).click();
    await winner.page.waitForURL("**/orders");

    // Paid: the wins page shows the order's status instead of the Pay button, and so does the auction.
    await winner.page.goto("/my-wins");
    await card.getByTestId("order-status").waitFor();
    expect(await card.getByTestId("payment-status").textContent()).toBe("Paid");
    expect(await card.getByTestId("shipping-status").textContent()).toBe("Pending");
    expect(await card.getByRole("link", { name: /Pay/ }).count()).toBe(0);
    expect(await card.getByRole("link", { name: "View Order" }).getAttribute("href")).toBe("/orders");
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/wins-paid-${label}.png` });
    await winner.page.goto(`/auction/${auction.id}`);
    const paid = winner.page.getByTestId("you-won-order").filter({ visible: true });
    await paid.waitFor();
    expect(await paid.textContent()).toContain("Paid. The seller ships it next.");
    expect(seen).toEqual([]);

    // The loser sees the ended page as it is: the winner's name, Buy It Now without a note about an
    // agent they never had, no Bid Agent card.
    const loserSeen = problems(loser.page);
    await loser.page.goto(`/auction/${auction.id}`);
    const ended = loser.page.getByTestId("auction-ended").filter({ visible: true });
    await ended.waitFor();
    expect(await ended.textContent()).toContain(`Winner: ${winner.username}`);
    const offer = loser.page.getByTestId("buy-now-panel");
    await offer.waitFor();
    expect(await offer.textContent()).toContain("2 units left.");
    expect(await offer.textContent()).not.toContain("Bid Agent");
    expect(await loser.page.getByTestId("bid-agent").count()).toBe(0);
    await expectAxeClean(loser.page, `lost auction (${label})`);
    if (SCREENSHOTS)
      await loser.page.screenshot({ path: `${SCREENSHOTS}/lost-${label}.png`, fullPage: true });
    expect(loserSeen).toEqual([]);
  }, 90_000);

  it("leading shows in green, being outbid in red, on the detail and on the card, in a polite live region", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const me = await signedIn("buyer", { bidBalance: 5, viewport });
    const rival = await signedIn("buyer", { bidBalance: 5, viewport });
    const auction = await goldCoinAuction(seller, "Outbid Maple", 3600);
    const seen = problems(me.page);

    await me.page.goto(`/auction/${auction.id}`);
    await me.page.getByRole("heading", { name: auction.product.name }).waitFor();
    expect(await me.page.title()).toBe(`${auction.product.name} · Precious Metals Auctions`);
    // Signed in without an agent: the Bid Agent card offers one (its read answered, not failed).
    await me.page.getByRole("button", { name: "Start Bid Agent" }).waitFor();
    await me.page.getByRole("button", { name: "Place Bid" }).filter({ visible: true }).click();
    const leading = me.page.getByTestId("leading").filter({ visible: true });
    await leading.waitFor();
    expect(await leading.textContent()).toBe("You're the highest bidder");
    // A status in green, not a disabled button; inside a polite live region.
    expect(await leading.evaluate((el) => el.tagName)).toBe("P");
    expect(await leading.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(21, 128, 61)");
    expect(await leading.evaluate((el) => el.parentElement?.getAttribute("aria-live"))).toBe("polite");
    expect(await me.page.getByRole("button", { name: "Place Bid" }).filter({ visible: true }).count()).toBe(
      0,
    );
    await expectAxeClean(me.page, `leading (${label})`);
    if (SCREENSHOTS) await me.page.screenshot({ path: `${SCREENSHOTS}/leading-${label}.png` });

    // Another bidder takes the lead: the page says so, in red, and offers the bid again.
    expect((await bid(rival.page, auction.id)).status()).toBe(200);
    const outbid = me.page.getByTestId("outbid").filter({ visible: true });
    await outbid.waitFor();
    expect(await outbid.textContent()).toBe("You've been outbid");
    expect(await outbid.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(185, 28, 28)");
    expect(await outbid.evaluate((el) => el.parentElement?.getAttribute("aria-live"))).toBe("polite");
    await me.page.getByRole("button", { name: "Place Bid" }).filter({ visible: true }).waitFor();
    await expectAxeClean(me.page, `outbid (${label})`);
    if (SCREENSHOTS) await me.page.screenshot({ path: `${SCREENSHOTS}/outbid-${label}.png` });

    // The home grid's card says the same.
    await me.page.goto("/");
    const card = me.page.locator(`[data-testid="auction-card"][data-auction-id="${auction.id}"]`);
    await card.getByTestId("outbid").waitFor();
    expect(await card.getByTestId("bid-count").textContent()).toContain("2 bids");
    await card.getByRole("button", { name: `Place Bid on ${auction.product.name}` }).click();
    await card.getByTestId("leading").waitFor();
    expect(await card.getByTestId("bid-count").textContent()).toContain("3 bids");
    await expectAxeClean(me.page, `home with standing (${label})`);
    if (SCREENSHOTS) await card.screenshot({ path: `${SCREENSHOTS}/card-leading-${label}.png` });
    expect(seen).toEqual([]);
  }, 60_000);
});
