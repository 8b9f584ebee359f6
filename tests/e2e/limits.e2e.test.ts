/**
 * Spending limits in Chromium: the account menu leads to the page, a daily limit saves at once, the
 * purchase modal then says what is left today, and a purchase over the limit is refused by the server;
 * a payment that goes through past a limit lowered meanwhile is refunded, and the success page says so.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { hashPassword } from "../../functions/domain/passwords.ts";
import { newPage } from "./support/browser.ts";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first();

async function openUserMenu(page: Page) {
  const item = page.getByRole("menuitem", { name: "Spending limits" });
  for (let attempt = 0; attempt < 3 && !(await item.isVisible()); attempt++) {
    await page.getByTestId("user-menu").click();
    await item.waitFor({ timeout: 5_000 }).catch(() => {});
  }
  await item.waitFor({ timeout: 5_000 });
}

async function signedInBuyer(): Promise<Page> {
  const username = `e2el${Math.random().toString(36).slice(2, 9)}`;
  await createUser({
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword("password123"),
    role: "buyer",
    now: Date.now(),
  });
  const page = await newPage();
  expect(
    (await page.request.post("/api/auth/login", { data: { username, password: "password123" } })).status(),
  ).toBe(200);
  return page;
}

const putLimits = (page: Page, data: unknown) =>
  page.request.put("/api/me/limits", { data, headers: { "content-type": "application/json" } });

describe("spending limits", () => {
  it("are set from the account menu and shown in the purchase modal; the server enforces them", async () => {
    const page = await signedInBuyer();
    await page.goto("/");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Spending limits" }).click();
    await page.getByRole("heading", { name: "Spending limits" }).waitFor();

    await page.getByLabel("Daily limit ($)").fill("20.00");
    await page.getByRole("button", { name: "Save limits" }).click();
    await toast(page, "Limits saved").waitFor();
    expect(await page.getByTestId("spent-day").textContent()).toBe("Spent: $0.00");

    await page.getByRole("button", { name: "Buy Bids" }).first().click();
    await page.getByRole("dialog", { name: "Purchase Bid Credits" }).waitFor();
    await expect
      .poll(() => page.getByTestId("left-today").textContent())
      .toBe("$20.00 left to spend today (daily limit $20.00)");

    const packages = await (await page.request.get("/api/bid-packages")).json();
    const overLimit = packages.find((p: { price: string }) => Number(p.price) > 20);
    const refused = await page.request.post("/api/create-payment-intent", {
      data: { packageId: overLimit.id },
      headers: { "content-type": "application/json" },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toMatch(
      /^This purchase would pass your daily spending limit of \$20\.00\./,
    );
  });
});

describe("a payment checked again when it goes through", () => {
  it("is refunded when a limit lowered meanwhile would be passed; the pages say which payments count", async () => {
    const page = await signedInBuyer();
    expect((await putLimits(page, { daily: "30.00" })).status()).toBe(200);
    await page.goto("/spending-limits");
    const rules = page.getByTestId("limits-rules");
    await rules.waitFor();
    expect(await rules.textContent()).toContain("every bid package payment credited to you today");
    expect(await rules.textContent()).toContain("starting a new one cancels a payment you started");

    await page.getByRole("button", { name: "Buy Bids" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Purchase Bid Credits" });
    await dialog.getByRole("radio", { name: "Starter: 50 bids for $25.00" }).click();
    await dialog.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL("**/checkout");
    await page.getByLabel("Card number").waitFor();
    expect(await page.getByTestId("purchase-rules").textContent()).toContain(
      "is refunded and adds no credits",
    );

    // Lowered (at once) in another tab while the card form is open.
    expect((await putLimits(page, { daily: "20.00" })).status()).toBe(200);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $25.00" }).click();

    await page.waitForURL(/\/payment-success\?payment_intent=pi_local_/);
    await page.getByRole("heading", { name: "Refunded, no credits added" }).waitFor();
    expect(await page.getByText(/would pass your daily spending limit of \$20\.00/).isVisible()).toBe(true);
    expect(
      ((await (await page.request.get("/api/auth/me")).json()) as { bidBalance: number }).bidBalance,
    ).toBe(0);
  });
});
