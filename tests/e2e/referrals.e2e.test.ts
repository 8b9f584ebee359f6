/**
 * Invite friends at 390 × 844 and 1280 × 800: the account menu leads to the page with the link, its
 * Copy button and the counts; the link opens the register page, which says the visitor was invited and
 * registers them as the inviter's friend; the header shows a balance's free bids apart; the admin's
 * Referrals tab lists the inviter with their invited and rewarded counts.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { updateItem } from "../../functions/adapters/dynamo/commands.ts";
import { keys } from "../../functions/adapters/dynamo/keys.ts";
import { axeFindings } from "./support/axe.ts";
import { resultsDir } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { toast } from "./support/toasts.ts";
import { showUserMenuItem } from "./support/user-menu.ts";
import { pageAt, signedIn } from "./support/users.ts";

describe.each(PHONE_AND_DESKTOP)("invite friends at %s size", (label, viewport) => {
  it("shows the link with a Copy button and the counts; the link registers an invited friend", async () => {
    const inviter = await signedIn("buyer", { viewport });
    const page = inviter.page;
    const seen = problems(page);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    await (await showUserMenuItem(page, "Invite friends")).click();
    await page.getByRole("heading", { name: "Invite friends", level: 1 }).waitFor();
    const linkField = page.getByLabel("Invitation link");
    await expect.poll(() => linkField.inputValue()).toMatch(/\/register\?ref=[2-9A-HJKMNP-Z]{8}$/);
    const link = await linkField.inputValue();
    expect(await page.getByTestId("referral-invited").textContent()).toBe("0");
    expect(await page.getByTestId("referral-rewarded").textContent()).toBe("0");

    await page.getByRole("button", { name: "Copy" }).click();
    await toast(page, "Invitation link copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.screenshot({ path: join(resultsDir, `invite-friends-${label}.png`), fullPage: true });
    expect(await axeFindings(page, `${label} invite friends`)).toEqual([]);

    const friend = await pageAt(viewport);
    const friendSeen = problems(friend);
    const username = `inv${label[0]}${Date.now().toString(36)}`;
    await friend.goto(new URL(link).pathname + new URL(link).search);
    await friend.getByRole("heading", { name: "Create Account" }).waitFor();
    await friend.getByTestId("invited-note").waitFor();
    expect(await axeFindings(friend, `${label} invited sign up`)).toEqual([]);
    await friend.getByLabel("Username").fill(username);
    await friend.getByLabel("Email").fill(`${username}@example.com`);
    await friend.getByLabel("Password", { exact: true }).fill("password123");
    await friend.getByLabel("Confirm Password").fill("password123");
    await friend.getByLabel(/I am 18 or older/).check();
    await friend.getByRole("button", { name: "Create Account" }).click();
    await friend.waitForURL((url) => url.pathname === "/", { waitUntil: "load", timeout: 15_000 });

    await page.reload();
    await expect
      .poll(() => page.getByTestId("referral-invited").textContent(), { timeout: 15_000 })
      .toBe("1");
    expect(seen).toEqual([]);
    expect(friendSeen.filter((problem) => !problem.includes("401"))).toEqual([]);
  });

  it("shows paid and free bids apart in the header", async () => {
    const { page, id } = await signedIn("buyer", { viewport, bidBalance: 120 });
    await updateItem({
      Key: keys.user(id),
      UpdateExpression: "SET voucherBids = :free",
      ExpressionAttributeValues: { ":free": 20 },
    });
    await page.goto("/");
    await expect
      .poll(() => page.getByTestId("bid-balance").textContent(), { timeout: 15_000 })
      .toBe("120 Bids · 20 free");
    const chip = await page.getByTestId("credit-chip").boundingBox();
    expect(chip).not.toBeNull();
    expect(chip!.x + chip!.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: join(resultsDir, `free-bids-header-${label}.png`) });
    expect(await axeFindings(page, `${label} free bids header`)).toEqual([]);
  });

  it("lists the inviter in the admin's Referrals tab with the invited and rewarded counts", async () => {
    const inviter = await signedIn("buyer", { viewport });
    const admin = await signedIn("admin", { viewport });
    const { code } = (await (await inviter.page.request.get("/api/me/referral")).json()) as { code: string };
    // Three friends joined, one earned the voucher bids (the counts the reward's transaction keeps).
    await updateItem({
      Key: keys.referrer(inviter.id),
      UpdateExpression: "SET invited = :invited, rewarded = :rewarded",
      ExpressionAttributeValues: { ":invited": 3, ":rewarded": 1 },
    });

    const seen = problems(admin.page);
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: /^Referrals/ }).click();
    const row = admin.page.locator(`[data-testid="admin-referrer"][data-user-id="${inviter.id}"]`);
    await row.waitFor();
    expect((await row.locator("td").allTextContents()).map((t) => t.trim())).toEqual([
      inviter.username,
      code,
      "3",
      "1",
    ]);
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await admin.page.screenshot({ path: join(resultsDir, `admin-referrals-${label}.png`) });
    expect(await axeFindings(admin.page, `${label} admin referrals`)).toEqual([]);
    expect(seen).toEqual([]);
  });
});
