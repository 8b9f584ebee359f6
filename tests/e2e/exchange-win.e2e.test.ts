/**
 * Exchanging a win for its bids, at 390 × 844 and 1280 × 800: the win's celebration, the won auction's
 * page and the wins page offer "Exchange for N bids" beside "Pay $X now"; the wins page's asks first in
 * a dialog that says what happens, then the bids are back in the balance, the card reads "Exchanged for
 * N bids" with nothing left to pay, and the auction's page says the same. A win whose checkout was
 * started before the exchange reads "Exchanged for N bids" on My Orders, not that its deadline passed.
 * axe-clean (the dialog included), no console error or warning, no failed request.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "#shared/schemas/auth";
import { goldCoinAuction } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { ORDER_ADDRESS } from "./support/checkout.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const bid = (page: Page, auctionId: string) =>
  page.request.post(`/api/auctions/${auctionId}/bid`, { headers: { "content-type": "application/json" } });

const balanceOf = async (page: Page) =>
  ((await (await page.request.get("/api/auth/me")).json()) as CurrentUser).bidBalance;

describe.each(PHONE_AND_DESKTOP)("exchanging a win for its bids at %s size", (label, viewport) => {
  it("offers Exchange for N bids beside Pay $X now, asks, and gives the bids back", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const winner = await signedIn("buyer", { bidBalance: 5, viewport });
    const loser = await signedIn("buyer", { bidBalance: 5, viewport });
    const auction = await goldCoinAuction(seller, "Exchange Eagle", 10);
    for (const bidder of [winner, loser, winner])
      expect((await bid(bidder.page, auction.id)).status()).toBe(200);
    expect(await balanceOf(winner.page)).toBe(3);

    const seen = problems(winner.page);
    await winner.page.goto(`/auction/${auction.id}`);
    const modal = winner.page.getByTestId("winner-modal");
    // Ten seconds leave a cold page time to load before the end it celebrates.
    await modal.waitFor({ timeout: 30_000 });
    await modal.getByRole("button", { name: "Exchange for 2 bids" }).waitFor();
    expect(await modal.getByRole("link", { name: "Pay $1.53 now" }).count()).toBe(1);
    await modal.getByRole("button", { name: "Close" }).first().click();
    await modal.waitFor({ state: "hidden" });

    const youWon = winner.page.getByTestId("you-won").filter({ visible: true });
    await youWon.getByRole("button", { name: "Exchange for 2 bids" }).waitFor();
    expect(await youWon.getByRole("link", { name: "Pay $1.53 now" }).count()).toBe(1);
    expect(await axeFindings(winner.page, `won auction with exchange (${label})`)).toEqual([]);

    await winner.page.goto("/my-wins");
    const card = winner.page.locator(`[data-testid="win-card"][data-auction-id="${auction.id}"]`);
    await card.getByRole("link", { name: "Pay $1.53 now" }).waitFor();
    await card.getByRole("button", { name: "Exchange for 2 bids" }).click();
    const dialog = winner.page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("heading").textContent()).toBe(
      `Exchange ${auction.product.name} for 2 bids?`,
    );
    expect(await dialog.textContent()).toContain(
      "The 2 bids you placed on this auction come back to your balance, worth what you paid for them.",
    );
    expect(await dialog.textContent()).toContain("This cannot be undone.");
    expect(await axeFindings(winner.page, `exchange confirmation (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/exchange-confirm-${label}.png` });
    await dialog.getByRole("button", { name: "Exchange for 2 bids" }).click();

    await winner.page
      .getByRole("status")
      .filter({ hasText: "2 bids back in your balance" })
      .first()
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    const exchanged = card.getByTestId("pay-by");
    await expect.poll(() => exchanged.textContent()).toContain("Exchanged for 2 bids");
    expect(await card.getByRole("link", { name: /Pay/ }).count()).toBe(0);
    expect(await card.getByRole("button", { name: /Exchange/ }).count()).toBe(0);
    expect(await balanceOf(winner.page)).toBe(5);
    // The figures leave the given-up win out: it was never bought.
    expect(await winner.page.getByTestId("summary-total-wins").textContent()).toBe("0");
    expect(await axeFindings(winner.page, `wins page, exchanged (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/exchanged-${label}.png` });

    await winner.page.goto(`/auction/${auction.id}`);
    const after = winner.page.getByTestId("you-won").filter({ visible: true });
    await after.getByTestId("pay-by").waitFor();
    expect(await after.getByTestId("pay-by").textContent()).toContain("Exchanged for 2 bids");
    expect(await after.getByRole("button", { name: /Exchange/ }).count()).toBe(0);
    expect(seen).toEqual([]);
  }, 90_000);

  it("shows a started checkout's order as exchanged on My Orders", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const winner = await signedIn("buyer", { bidBalance: 5, viewport });
    const auction = await goldCoinAuction(seller, "Exchange Order Eagle", 3);
    expect((await bid(winner.page, auction.id)).status()).toBe(200);
    const checkout = () =>
      winner.page.request.post("/api/orders", {
        data: {
          auctionId: auction.id,
          ...ORDER_ADDRESS,
        },
      });
    // The checkout opens the moment the auction ends (409 "not ended yet" until then).
    let ordered = await checkout();
    await expect
      .poll(
        async () => {
          if (ordered.status() !== 200) ordered = await checkout();
          return ordered.status();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(200);
    const orderId = ((await ordered.json()) as { id: string }).id;
    const exchanged = await winner.page.request.post(`/api/auctions/${auction.id}/exchange`, {
      headers: { "content-type": "application/json" },
    });
    expect(exchanged.status()).toBe(200);

    const seen = problems(winner.page);
    await winner.page.goto("/orders");
    const order = winner.page.locator(`[data-order-id="${orderId}"]`);
    await order.getByTestId("pay-by").waitFor();
    const note = await order.getByTestId("pay-by").textContent();
    expect(note).toContain("Exchanged for 1 bid");
    expect(note).not.toContain("Expired");
    expect(await order.getByRole("link", { name: /Pay/ }).count()).toBe(0);
    expect(await axeFindings(winner.page, `My Orders, exchanged (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/exchanged-order-${label}.png` });
    expect(seen).toEqual([]);
  }, 60_000);
});
