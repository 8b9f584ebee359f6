/**
 * Buying bid credits in Chromium through the whole local stack, with the local payment provider
 * (its webhook is signed like Stripe's and verified by the real webhook handler).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage } from "./support/browser.ts";

let counter = 0;

/** A new buyer, signed in through the API in the page's own cookie jar, on the home page. */
async function signedInBuyer(): Promise<Page> {
  const page = await newPage();
  counter += 1;
  const username = `e2epay${counter}${Math.random().toString(36).slice(2, 7)}`;
  const res = await page.request.post("/api/auth/register", {
    data: { username, email: `${username}@example.com`, password: "password123", role: "buyer" },
  });
  expect(res.status()).toBe(201);
  await page.goto("/");
  return page;
}

const headerBalance = (page: Page) => page.getByTestId("bid-balance");

async function serverBalance(page: Page): Promise<number> {
  const res = await page.request.get("/api/auth/me");
  return ((await res.json()) as { bidBalance: number }).bidBalance;
}

describe("buying bid credits", () => {
  it("a buyer opens the modal from Buy Bids, pays with 4242 and sees the new balance everywhere", async () => {
    const page = await signedInBuyer();
    await expect.poll(() => headerBalance(page).textContent()).toBe("0 Bids");

    await page.locator("header").getByRole("button", { name: "Buy Bids" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Purchase Bid Credits" }).waitFor();
    expect(await dialog.textContent()).toContain(
      "Choose a bid package to start winning premium silver and precious metals",
    );
    const proceed = dialog.getByRole("button", { name: "Proceed to Checkout" });
    const popular = dialog.getByRole("radio", { name: "Popular: 150 bids for $60.00" });
    await popular.waitFor();
    // The popular package comes picked: Proceed works at once.
    expect(await popular.getAttribute("aria-checked")).toBe("true");
    expect(await proceed.isEnabled()).toBe(true);
    // The popular package sits in the middle of the three, as "Best Value".
    const names = await dialog
      .getByRole("radio")
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
    expect(names).toEqual([
      "Starter: 50 bids for $25.00",
      "Popular: 150 bids for $60.00",
      "Pro: 400 bids for $140.00",
    ]);
    expect(await popular.textContent()).toContain("Best Value");
    for (const badge of ["Secure Payment", "Powered by Stripe", "Instant Delivery"]) {
      expect(await dialog.textContent()).toContain(badge);
    }

    await popular.click();
    await expect.poll(() => proceed.isEnabled()).toBe(true);
    await proceed.click();

    await page.waitForURL("**/checkout");
    const summary = page.getByTestId("purchase-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toContain("Popular");
    expect(await summary.textContent()).toContain("150");
    expect(await summary.textContent()).toContain("$60.00");

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $60.00" }).click();

    await page.waitForURL(/\/payment-success\?payment_intent=pi_local_/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await expect.poll(() => page.getByTestId("new-bid-balance").textContent()).toBe("150 Bids");
    expect(await page.getByText("Completed").isVisible()).toBe(true);
    const intentId = new URL(page.url()).searchParams.get("payment_intent")!;
    expect(await page.getByText(intentId.slice(0, 20), { exact: true }).isVisible()).toBe(true);
    // The header changed without a reload.
    await expect.poll(() => headerBalance(page).textContent()).toBe("150 Bids");
    expect(await serverBalance(page)).toBe(150);
    expect(await page.evaluate(() => sessionStorage.getItem("selectedBidPackage"))).toBeNull();
    expect(await page.getByRole("link", { name: "View Live Auctions" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("link", { name: "Buy More Bids" }).getAttribute("href")).toBe(
      "/bid-packages",
    );
  });

  it("a declined card shows Payment Failed, credits nothing, and the form works again", async () => {
    const page = await signedInBuyer();
    await page.goto("/bid-packages");
    await page.getByRole("button", { name: "Purchase Now: Starter" }).click();
    await page.waitForURL("**/checkout");

    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    const pay = page.getByRole("button", { name: "Pay $25.00" });
    await pay.click();

    await page
      .getByRole("status")
      .filter({ hasText: "Payment Failed" })
      .filter({ hasText: "Your card was declined." })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(await serverBalance(page)).toBe(0);
    expect(await headerBalance(page).textContent()).toBe("0 Bids");

    // The same checkout then goes through with a good card.
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await pay.click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await expect.poll(() => headerBalance(page).textContent()).toBe("50 Bids");
    expect(await serverBalance(page)).toBe(50);
  });

  it("checkout without a chosen package and payment-success without an intent go home", async () => {
    const page = await signedInBuyer();
    await page.goto("/checkout");
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/payment-success");
    await page.waitForURL((url) => url.pathname === "/");
  });
});
