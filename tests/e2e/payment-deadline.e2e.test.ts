/**
 * A win's payment deadline in the browser, at 390 × 844 and 1280 × 800: the wins page and the won
 * auction's page say by when to pay beside "Pay $X now", and My Orders says it on the unpaid order; once
 * the deadline sweep expires the unpaid win (run here with the clock at the deadline), all three say it
 * expired and offer no payment. axe-clean, no console error or warning, no failed request.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sweepPaymentDeadlines } from "../../functions/usecases/orders/payment-deadlines.ts";
import { goldCoinAuction, payByOfWin } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { ORDER_ADDRESS } from "./support/checkout.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const visiblePayBy = (page: Page) => page.getByTestId("pay-by").filter({ visible: true });

describe.each(PHONE_AND_DESKTOP)("a win's payment deadline at %s size", (label, viewport) => {
  it("shows Pay by on the wins page and the won auction, then Expired with no Pay button", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const winner = await signedIn("buyer", { bidBalance: 2, viewport });
    const auction = await goldCoinAuction(seller, "Deadline Eagle", 3, "Deadline Vault");
    expect((await winner.page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} })).status()).toBe(
      200,
    );
    const seen = problems(winner.page);

    // The wins list finalizes the win once the clock is past the end.
    const payBy = await payByOfWin(winner.page, auction.id, 20_000);
    expect(Date.parse(payBy) - auction.endsAt).toBeGreaterThanOrEqual(14 * 24 * 60 * 60 * 1000);

    await winner.page.goto("/my-wins");
    const card = winner.page.locator(`[data-auction-id="${auction.id}"]`);
    await card.getByTestId("pay-by").waitFor();
    expect(await card.getByTestId("pay-by").textContent()).toMatch(/^Pay by .+, or the win expires\.$/);
    expect(await card.getByRole("link", { name: "Pay $1.51 now" }).count()).toBe(1);
    expect(await axeFindings(winner.page, `wins page with a deadline (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/deadline-wins-${label}.png` });

    await winner.page.goto(`/auction/${auction.id}`);
    await visiblePayBy(winner.page).waitFor();
    expect(await winner.page.getByTestId("you-won").filter({ visible: true }).textContent()).toContain(
      "Pay by",
    );
    expect(await axeFindings(winner.page, `won auction with a deadline (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/deadline-auction-${label}.png` });

    // The winner orders but does not pay: My Orders says by when, and offers the payment.
    const ordered = await winner.page.request.post("/api/orders", {
      data: {
        auctionId: auction.id,
        ...ORDER_ADDRESS,
      },
    });
    expect(ordered.status()).toBe(200);
    const orderId = ((await ordered.json()) as { id: string }).id;
    await winner.page.goto("/orders");
    const order = winner.page.locator(`[data-order-id="${orderId}"]`);
    await order.getByTestId("pay-by").waitFor();
    expect(await order.getByTestId("pay-by").textContent()).toMatch(/^Pay by .+, or the win expires\.$/);
    expect(await order.getByTestId("payment-status").textContent()).toBe("Pending");
    expect(await order.getByRole("link", { name: "Complete Payment" }).getAttribute("href")).toBe(
      `/order-checkout/${auction.id}`,
    );
    expect(await axeFindings(winner.page, `orders with a deadline (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/deadline-orders-${label}.png` });

    // The deadline comes and goes unpaid.
    await sweepPaymentDeadlines(Date.parse(payBy));
    await winner.page.goto("/my-wins");
    await card.locator('[data-testid="pay-by"][data-expired="true"]').waitFor();
    expect(await card.getByTestId("pay-by").textContent()).toMatch(/^Expired: the payment deadline/);
    expect(await card.getByRole("link", { name: /Pay \$/ }).count()).toBe(0);
    expect(await axeFindings(winner.page, `wins page, expired (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/deadline-expired-${label}.png` });

    await winner.page.goto(`/auction/${auction.id}`);
    await winner.page
      .locator('[data-testid="pay-by"][data-expired="true"]')
      .filter({ visible: true })
      .waitFor();
    expect(await winner.page.getByTestId("pay-win").filter({ visible: true }).count()).toBe(0);

    await winner.page.goto("/orders");
    await order.locator('[data-testid="pay-by"][data-expired="true"]').waitFor();
    expect(await order.getByTestId("pay-by").textContent()).toMatch(/^Expired: the payment deadline/);
    expect(await order.getByTestId("payment-status").textContent()).toBe("Expired");
    expect(await order.getByRole("link", { name: "Complete Payment" }).count()).toBe(0);
    expect(await axeFindings(winner.page, `orders, expired (${label})`)).toEqual([]);
    if (SCREENSHOTS)
      await winner.page.screenshot({ path: `${SCREENSHOTS}/deadline-orders-expired-${label}.png` });

    // An old link to the checkout says so too, instead of a form the server would refuse.
    await winner.page.goto(`/order-checkout/${auction.id}`);
    await winner.page.locator('[data-testid="pay-by"][data-expired="true"]').waitFor();
    expect(await winner.page.getByRole("button", { name: "Continue to Payment" }).count()).toBe(0);
    expect(await axeFindings(winner.page, `checkout, expired (${label})`)).toEqual([]);
    expect(seen).toEqual([]);
  }, 60_000);
});
