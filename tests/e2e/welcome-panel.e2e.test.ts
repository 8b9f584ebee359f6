/**
 * After sign-up at 390 × 844 and 1280 × 800: the welcome panel's three steps (verify the address, buy
 * bids, beginner auctions), each action going where it says, and Dismiss hiding it for good.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { listedAuction, SILVER_COIN } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { resultsDir } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { visit } from "./support/site-pages.ts";
import { pageAt, storedUser } from "./support/users.ts";

const STEPS = ["Verify your email address", "Buy bids", "Try a beginner auction"];

let beginnerName = "";
let regularName = "";

beforeAll(async () => {
  const seller = await storedUser("seller");
  const timing = { durationSeconds: 3600 };
  const [beginner, regular] = await Promise.all([
    listedAuction(seller, "Welcome Beginner Coin", "Welcome Metals", SILVER_COIN, {
      ...timing,
      beginner: true,
    }),
    listedAuction(seller, "Welcome Open Coin", "Welcome Metals", SILVER_COIN, timing),
  ]);
  beginnerName = beginner.product.name;
  regularName = regular.product.name;
});

describe.each(PHONE_AND_DESKTOP)("the welcome panel at %s size", (label, viewport) => {
  it("greets a new buyer with three steps whose actions work, and stays gone once dismissed", async () => {
    const page = await pageAt(viewport);
    const seen = problems(page);
    const username = `welc${label[0]}${Date.now().toString(36)}`;
    const email = `${username}@example.com`;

    await visit(page, "/register", "Create Account");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm Password").fill("password123");
    await page.getByLabel(/I am 18 or older and accept the Terms and the Auction Rules/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/", { waitUntil: "load", timeout: 15_000 });

    const panel = page.getByRole("region", { name: `Welcome, ${username}!` });
    await panel.waitFor({ timeout: 15_000 });
    for (const step of STEPS) await panel.getByRole("heading", { name: step }).waitFor();
    expect(await panel.getByRole("listitem").count()).toBe(3);
    expect(await panel.textContent()).toContain(`We sent a link to ${email}`);
    // Its first step asks for the address, so the verify banner waits until the panel is dismissed.
    expect(await page.getByTestId("verify-email-banner").count()).toBe(0);
    // The form's box reached the account.
    const me = (await (await page.request.get("/api/auth/me")).json()) as { id: string };
    expect((await getUser(me.id))?.termsAcceptedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await page.getByText(beginnerName).first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(resultsDir, `welcome-panel-${label}.png`) });
    expect(await axeFindings(page, `${label} welcome panel`)).toEqual([]);

    await panel.getByRole("button", { name: "Resend email" }).click();
    await panel
      .getByRole("status")
      .filter({ hasText: `We sent a new link to ${email}.` })
      .waitFor();

    await panel.getByRole("button", { name: "Buy Bids" }).click();
    const dialog = page.getByRole("dialog", { name: "Purchase Bid Credits" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await panel.getByRole("link", { name: "See beginner auctions" }).click();
    await page.waitForURL((url) => url.searchParams.get("beginner") === "1");
    await page.getByTestId("beginner-only").waitFor();
    // The link lands on the grid: its section scrolls (smoothly) to just under the sticky header.
    await expect
      .poll(
        () => page.evaluate(() => document.getElementById("live-auctions")!.getBoundingClientRect().top),
        {
          timeout: 10_000,
        },
      )
      .toBeLessThanOrEqual(100);
    await page.getByText(beginnerName).first().waitFor();
    await expect.poll(() => page.getByText(regularName).count()).toBe(0);
    await page.screenshot({ path: join(resultsDir, `welcome-beginner-grid-${label}.png`) });
    expect(await axeFindings(page, `${label} beginner auctions grid`)).toEqual([]);
    await page.getByRole("button", { name: "Show all auctions" }).click();
    await page.getByText(regularName).first().waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).searchParams.has("beginner")).toBe(false);

    await panel.getByRole("button", { name: "Dismiss" }).click();
    await panel.waitFor({ state: "detached" });
    await page.getByTestId("verify-email-banner").waitFor();
    await page.reload();
    await page.getByTestId("verify-email-banner").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("welcome-panel").count()).toBe(0);
    expect(seen.filter((problem) => !problem.includes("401"))).toEqual([]);
  });
});
