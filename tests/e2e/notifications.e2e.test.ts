/**
 * Emails in Chromium, through the whole local stack: registering sends a welcome email that the dev
 * outbox page shows (the stream poller, the email consumer, the local queue and the sender all run in
 * `npm run dev`), and the account menu leads to the email settings, whose changes persist.
 */
import { describe, expect, it } from "vitest";
import { newPage } from "./support/browser.ts";
import { openUserMenuItem } from "./support/user-menu.ts";

describe("email notifications", () => {
  it("a new account's welcome email is in the dev outbox, and its email settings save from the account menu", async () => {
    const username = `e2en${Math.random().toString(36).slice(2, 9)}`;
    const email = `${username}@example.com`;
    const page = await newPage();
    const registered = await page.request.post("/api/auth/register", {
      data: { username, email, password: "password123" },
    });
    expect(registered.status()).toBe(201);

    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    await page.getByText(`Welcome to Precious Metals Auctions, ${username}`).waitFor({ timeout: 15_000 });
    expect(await page.getByText("welcome", { exact: true }).count()).toBe(1);
    await page.screenshot({ path: "/tmp/email-outbox.png", fullPage: true });

    // The HTML part as a phone's mail app shows it: one column that fits, a button a thumb can hit.
    const [welcome] = (await (
      await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
    ).json()) as Array<{ html: string; text: string }>;
    expect(welcome!.text).toContain("See the live auctions: http");
    const mail = await newPage();
    await mail.setViewportSize({ width: 390, height: 844 });
    await mail.setContent(welcome!.html);
    const button = mail.getByRole("link", { name: "See the live auctions" });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await mail.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await mail.getByRole("link", { name: /Precious Metals Auctions/ }).count()).toBeGreaterThan(0);
    await mail.screenshot({ path: "/tmp/email-welcome-390.png", fullPage: true });

    await page.goto("/");
    await openUserMenuItem(page, "Email notifications");
    await page.getByRole("heading", { name: "Email notifications" }).waitFor();
    const outbid = page.getByRole("checkbox", { name: /Outbid/ });
    expect(await outbid.isChecked()).toBe(true);
    await outbid.uncheck();
    const bidAlerts = page.getByRole("switch", { name: /Also alert me about auctions I've bid on/ });
    expect(await bidAlerts.isChecked()).toBe(false);
    await page.getByText("Also alert me about auctions I've bid on").click();
    expect(await bidAlerts.isChecked()).toBe(true);
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Email settings saved" }).first().waitFor();
    await page.screenshot({ path: "/tmp/email-settings.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/email-settings-390.png", fullPage: true });

    await page.reload();
    await page.getByRole("heading", { name: "Email notifications" }).waitFor();
    await expect.poll(() => page.getByRole("checkbox", { name: /Outbid/ }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: /Auction won/ }).isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: /auctions I've bid on/ }).isChecked()).toBe(true);
    const stored = await (await page.request.get("/api/me/notifications")).json();
    expect(stored).toEqual({
      outbid: false,
      won: true,
      marketing: true,
      endingSoon: true,
      alertsForBidAuctions: true,
      push: { outbid: true, won: true, endingSoon: true },
      endingSoonMinutes: 5,
    });
  });
});
