/**
 * Spending limits in Chromium: the account menu leads to the page, a daily limit saves at once, the
 * purchase modal then says what is left today, and a purchase over the limit is refused by the server;
 * a payment that goes through past a limit lowered meanwhile is refunded, and the success page says so.
 * At both sizes, in a browser in Tokyo: a wrong amount is said at its field, and a package over a limit is
 * refused on the packages page with when the limit resets, in local time.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeFindings } from "./support/axe.ts";
import { animationsDone } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { toast } from "./support/toasts.ts";
import { showUserMenuItem } from "./support/user-menu.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const ZONE = "Asia/Tokyo";
const inZone = (ms: number) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: ZONE }).format(ms);

const signedInBuyer = async (): Promise<Page> => (await signedIn("buyer")).page;

const putLimits = (page: Page, data: unknown) =>
  page.request.put("/api/me/limits", { data, headers: { "content-type": "application/json" } });

describe("spending limits", () => {
  it("are set from the account menu and shown in the purchase modal; the server enforces them", async () => {
    const page = await signedInBuyer();
    await page.goto("/");
    await (await showUserMenuItem(page, "Spending limits")).click();
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

describe.each(PHONE_AND_DESKTOP)("a limit in the buyer's words at %s size", (label, viewport) => {
  it("says a wrong amount at its field, and refuses a package over the limit on the packages page in local time", async () => {
    const { page } = await signedIn("buyer", { viewport, timezoneId: ZONE });
    const seen = problems(page);
    await page.goto("/spending-limits");
    const daily = page.getByLabel("Daily limit ($)");
    await daily.fill("twenty");
    await page.getByRole("button", { name: "Save limits" }).click();
    const error = page.locator(`#${await daily.getAttribute("aria-describedby")}`);
    expect(await error.textContent()).toBe(
      "Enter an amount in dollars, such as 50.00, or leave it empty for no limit.",
    );
    expect(await daily.getAttribute("aria-invalid")).toBe("true");
    await daily.fill("20.00");
    await page.getByRole("button", { name: "Save limits" }).click();
    await toast(page, "Limits saved").waitFor();
    expect(await daily.getAttribute("aria-invalid")).toBeNull();

    const resetsAt = (
      (await (await page.request.get("/api/me/limits")).json()) as { resetsAt: { day: string } }
    ).resetsAt.day;
    const refusal = `This purchase would pass your daily spending limit of $20.00. It resets on ${inZone(Date.parse(resetsAt))}.`;

    // Chosen on the packages page: refused there, before any card form.
    await page.goto("/bid-packages");
    await page.getByRole("button", { name: "Purchase Now: Starter" }).click();
    const said = page.getByTestId("limit-refusal");
    await said.waitFor();
    expect(await said.textContent()).toBe(`${refusal} Spending limits`);
    expect(new URL(page.url()).pathname).toBe("/bid-packages");
    await animationsDone(page);
    expect(await axeFindings(page, `packages refusal (${label})`)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/limit-refusal-${label}.png` });

    expect(seen).toEqual([]);

    // A checkout the server refuses (the package chosen before the limit, in another tab) comes back here.
    const packages = (await (await page.request.get("/api/bid-packages")).json()) as { name: string }[];
    await page.evaluate(
      (pkg) => sessionStorage.setItem("selectedBidPackage", JSON.stringify(pkg)),
      packages.find((p) => p.name === "Starter"),
    );
    const refusedAtCheckout = page.waitForResponse((r) => r.url().endsWith("/api/create-payment-intent"));
    await page.goto("/checkout");
    expect((await refusedAtCheckout).status()).toBe(403);
    await page.waitForURL("**/bid-packages");
    await said.waitFor();
    expect(await said.textContent()).toBe(`${refusal} Spending limits`);
    // The one expected failure is the server's 403 to the checkout (its response and its console line).
    expect(seen.filter((problem) => !problem.includes("403"))).toEqual([]);
  });
});
