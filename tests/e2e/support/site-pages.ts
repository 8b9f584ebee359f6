/**
 * Every page of the site for each kind of visitor, for the tests that walk them all (no sideways
 * scroll on a phone, axe-core): one list, so both cover the same pages.
 */
import type { Page } from "playwright-core";
import { animationsDone } from "./browser.ts";

export interface SitePage {
  page: Page;
  path: string;
  /** Text that shows once the page has its content (not only the layout around it). */
  ready: string;
}

export function everyPage(
  who: { visitor: Page; buyer: Page; seller: Page; admin: Page },
  auction: { id: string; product: { name: string } },
): SitePage[] {
  const { visitor, buyer, seller, admin } = who;
  const entries: [Page, string, string][] = [
    // Home is ready when the grid shows the auctions, not just the hero.
    [visitor, "/", auction.product.name],
    [visitor, `/auction/${auction.id}`, auction.product.name],
    // Ready once the browser has checked the whole chain (its verdict names all N bids, the one bid, or
    // none yet, so the walk waits for the verdict itself).
    [visitor, `/auction/${auction.id}/ledger`, "Verified: "],
    [visitor, "/bid-packages", "Bid"],
    [visitor, "/how-it-works", "How"],
    [visitor, "/fairness", "Fair"],
    [visitor, "/login", "Welcome Back"],
    [visitor, "/register", "Create Account"],
    [visitor, "/no-such-page", "404"],
    [visitor, "/help", "What does a bid cost?"],
    [visitor, "/contact", "Payments and refunds"],
    [visitor, "/shipping", "Where we ship"],
    [visitor, "/terms", "Bid credits"],
    [visitor, "/privacy", "What we store"],
    [visitor, "/auction-rules", "Bids and the clock"],
    [visitor, "/recent-winners", "Real wins, newest first"],
    [visitor, "/forgot-password", "Forgot your password?"],
    // Without the emailed link: the page says so and offers a new one.
    [visitor, "/reset-password", "This page needs the link from your email."],
    [visitor, "/verify-email", "This page needs the link from your email."],
    [buyer, "/", auction.product.name],
    [buyer, `/auction/${auction.id}`, auction.product.name],
    [buyer, "/auctions/won", "Won"],
    [buyer, "/my-wins", "My Wins"],
    [buyer, "/orders", "My Orders"],
    [buyer, "/watching", "The auctions you starred"],
    [buyer, "/spending-limits", "Spending limits"],
    [buyer, "/notifications", "Emails we send you"],
    [buyer, "/sessions", "This device"],
    [buyer, "/account", "Download my data"],
    // The local stack's outbox (the dev server only).
    [buyer, "/dev/outbox?to=buyer%40example.com", "Outbox (local stack)"],
    [seller, "/seller-dashboard", "Seller Dashboard"],
    [seller, "/seller-orders", "Orders"],
    // Not "Admin Panel": the header's link says it too, before the lazy page has rendered its heading.
    [admin, "/admin", "Manage sellers, products, auctions and users"],
  ];
  return entries.map(([page, path, ready]) => ({ page, path, ready }));
}

export async function visit(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page
    .getByText(ready, { exact: false })
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: 15_000 });
  // Pages poll every second, so the network never idles: the content is in, and what still moves is
  // an animation.
  await animationsDone(page);
}

export const ADMIN_TABS = [
  "Seller Approvals",
  "Product Approvals",
  "Products",
  "Auctions",
  "Users",
  "Bid Packages",
  "Support",
  "Referrals",
  "Stats",
] as const;

/**
 * Opens each tab of the admin panel (already on /admin) and runs `check` on it once the tab shows its
 * content: its panel is the open one and holds no loading placeholder (the panel renders with them
 * while its list loads, so their absence after the panel is in means the list is).
 */
export async function eachAdminTab(admin: Page, check: (tab: string) => Promise<void>): Promise<void> {
  for (const tab of ADMIN_TABS) {
    const trigger = admin.getByRole("tab", { name: new RegExp(tab) }).first();
    await trigger.click();
    const id = await trigger.getAttribute("aria-controls");
    const panel = admin.locator(`[role="tabpanel"][id="${id}"]`);
    await panel.waitFor();
    await panel.getByTestId("list-placeholder").first().waitFor({ state: "detached", timeout: 15_000 });
    await animationsDone(admin);
    await check(tab);
  }
}
