/**
 * Contact Us in Chromium at 390 × 844 and 1280 × 800: the page shows the support address and a form;
 * empty fields are refused at the field; a visitor's message is sent, reaches the support address (the
 * local stack's outbox) and the admin's Support tab, where it is marked answered. A signed-in user's
 * address is filled in. axe-core finds nothing, and no console error or failed request appears.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeFindings } from "./support/axe.ts";
import { animationsDone } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { pageAt, signedIn } from "./support/users.ts";

const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp";
const SUPPORT_ADDRESS = "support@example.com";

async function expectAxeClean(page: Page, where: string) {
  await animationsDone(page);
  expect(await axeFindings(page, where)).toEqual([]);
}

describe.each(PHONE_AND_DESKTOP)("Contact Us at %s size", (label, viewport) => {
  it("a visitor's message reaches the support address and the admin's Support tab, marked answered there", async () => {
    const page = await pageAt(viewport);
    const seen = problems(page);
    await page.goto("/contact");
    await page.getByRole("heading", { name: "Write to us" }).waitFor();
    await expect
      .poll(() => page.getByRole("link", { name: SUPPORT_ADDRESS }).getAttribute("href"))
      .toBe(`mailto:${SUPPORT_ADDRESS}`);
    await expectAxeClean(page, `contact form (${label})`);

    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("button", { name: "Send message" }).click();
    await form.getByText("Email is required").waitFor();
    await form.getByText("Subject is required").waitFor();
    await form.getByText("Message must be at least 10 characters").waitFor();
    await expectAxeClean(page, `contact form refused (${label})`);

    const email = `visitor${Math.random().toString(36).slice(2, 9)}@example.com`;
    const subject = `Shipping question ${label} ${Math.random().toString(36).slice(2, 7)}`;
    await form.getByLabel("Your email").fill(email);
    await form.getByLabel("Subject").fill(subject);
    await form.getByLabel("Order number (optional)").fill("order_42");
    await form.getByLabel("Message").fill("When will my silver coin ship?\nThank you.");
    await form.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("status").filter({ hasText: "Thanks, your message was sent." }).waitFor();
    await page.screenshot({ path: `${SHOTS}/contact-sent-${label}.png`, fullPage: true });
    await expectAxeClean(page, `contact sent (${label})`);

    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(SUPPORT_ADDRESS)}`);
          const emails = (await res.json()) as { subject: string; text: string }[];
          return emails.find((e) => e.subject === `[Support] ${subject}`)?.text ?? "";
        },
        { timeout: 15_000, interval: 200 },
      )
      .toContain(`From: ${email} (not signed in)`);
    expect(seen).toEqual([]);

    const admin = await signedIn("admin", { viewport });
    const adminSeen = problems(admin.page);
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: /Support/ }).click();
    const card = admin.page.getByTestId("admin-support-message").filter({ hasText: subject });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain("Order order_42");
    await expect.poll(() => card.textContent()).toContain("When will my silver coin ship?");
    await expect
      .poll(() => card.getByRole("link", { name: `Reply by email to ${email}` }).getAttribute("href"))
      .toContain(`mailto:${email}`);
    await card.screenshot({ path: `${SHOTS}/admin-support-${label}.png` });
    await expectAxeClean(admin.page, `admin support tab (${label})`);
    await card.getByRole("button", { name: `Mark answered: ${subject}` }).click();
    await card.getByText("Answered", { exact: true }).waitFor();
    expect(await card.getByRole("button", { name: /Mark answered/ }).count()).toBe(0);
    await expectAxeClean(admin.page, `admin support answered (${label})`);
    expect(adminSeen).toEqual([]);
  });

  it("a signed-in user's address is filled in", async () => {
    const buyer = await signedIn("buyer", { viewport });
    const seen = problems(buyer.page);
    await buyer.page.goto("/contact");
    const field = buyer.page.getByRole("form", { name: "Contact form" }).getByLabel("Your email");
    await expect.poll(() => field.inputValue()).toBe(`${buyer.username}@example.com`);
    expect(seen).toEqual([]);
  });
});
