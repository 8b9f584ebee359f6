/**
 * What a new user trips over, in Chromium at 390 × 844 and 1280 × 800: an auction's price and Place Bid
 * on the home page's first screen; the auction page's photo above its price panel there; a toast clear
 * of what was just pressed; the ended auction page naming the winner once, with no countdown box
 * reading "Ended". No console error or failed request, and axe-core finds nothing.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../functions/config/runtime.ts";
import { hashPassword } from "../../functions/domain/passwords.ts";
import { totpCode } from "../../functions/domain/two-factor.ts";
import { goldCoinAuction, listedAuction, SILVER_COIN } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { animationsDone } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { toast } from "./support/toasts.ts";
import { PASSWORD, pageAt, signedIn, type Viewport } from "./support/users.ts";

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether the whole of `box` is inside the first screen (the page not scrolled). */
function inFirstScreen(box: Box | null, viewport: Viewport): boolean {
  return !!box && box.y >= 0 && box.y + box.height <= viewport.height;
}

/** The box of the toast saying `text`, read as soon as it shows (before it can time out). */
async function toastBox(page: Page, text: string): Promise<Box> {
  // The toast itself (a list item), not its announcement for screen readers; hovered, it stays.
  const shown = page.locator("li").filter({ hasText: text }).first();
  await shown.waitFor();
  await shown.hover();
  return (await shown.boundingBox())!;
}

describe.each(PHONE_AND_DESKTOP)("first screens at %s size", (label, viewport) => {
  it("the home page shows an auction's price and Place Bid; the auction page its photo above the price", async () => {
    const seller = await signedIn("seller");
    const buyer = await signedIn("buyer", { bidBalance: 3, viewport });
    const auction = await listedAuction(seller, "First Screen Round", "Walk Vault", SILVER_COIN, {
      durationSeconds: 3600,
    });
    const { page } = buyer;
    const seen = problems(page);

    await page.goto("/");
    await page.getByTestId("auction-card").first().waitFor();
    const cards = page.getByTestId("auction-card");
    let whole = 0;
    for (let i = 0; i < (await cards.count()); i++) {
      const card = cards.nth(i);
      // Only the cards the first screen reaches; other files' auctions further down may be ended or locked.
      if ((await card.boundingBox())!.y >= viewport.height) break;
      const bidButton = card.getByRole("button", { name: /^Place Bid on / });
      if ((await bidButton.count()) === 0) continue;
      const price = await card.getByTestId("current-price").boundingBox();
      const bid = await bidButton.boundingBox();
      if (inFirstScreen(price, viewport) && inFirstScreen(bid, viewport)) whole++;
    }
    await page.screenshot({ path: `/tmp/walk-home-${label}.png` });
    // The phone is the case to fix; a laptop's first screen shows the first row of cards starting.
    if (label === "phone") expect(whole).toBeGreaterThanOrEqual(1);
    else expect((await cards.first().boundingBox())!.y).toBeLessThan(viewport.height * 0.8);
    await page.screenshot({ path: `/tmp/walk-home-full-${label}.png`, fullPage: true });
    expect(await axeFindings(page, `home (${label})`)).toEqual([]);

    await page.goto(`/auction/${auction.id}`);
    const price = page.getByTestId("price-panel");
    await price.waitFor();
    const photo = page.getByRole("img", { name: auction.product.name }).filter({ visible: true }).first();
    const photoBox = await photo.boundingBox();
    expect(inFirstScreen(photoBox, viewport)).toBe(true);
    if (label === "phone")
      expect(photoBox!.y + photoBox!.height).toBeLessThanOrEqual((await price.boundingBox())!.y);
    expect(
      await page.getByRole("img", { name: auction.product.name }).filter({ visible: true }).count(),
    ).toBe(1);
    await page.screenshot({ path: `/tmp/walk-auction-${label}.png` });
    expect(await axeFindings(page, `auction (${label})`)).toEqual([]);
    expect(seen).toEqual([]);
  });
});

describe.each(PHONE_AND_DESKTOP)("toasts at %s size", (label, viewport) => {
  it("a bid's toast leaves the pressed Place Bid uncovered, low on the screen or high", async () => {
    const seller = await signedIn("seller");
    const buyer = await signedIn("buyer", { bidBalance: 5, viewport });
    const auction = await listedAuction(seller, "Toast Round", "Walk Vault", SILVER_COIN, {
      durationSeconds: 3600,
    });
    const other = await listedAuction(seller, "Toast Bar", "Walk Vault", SILVER_COIN, {
      durationSeconds: 3600,
    });
    const { page } = buyer;
    const seen = problems(page);
    // Ending last, the card sits low on the home page, with room to scroll it to the screen's bottom.
    await page.goto("/");
    const card = page.locator(`[data-auction-id="${auction.id}"]`);
    const button = card.getByRole("button", { name: /^Place Bid on / });
    await button.waitFor();
    // The card's button at the very bottom of the screen, where a bottom toast would sit.
    const box = (await button.boundingBox())!;
    await page.evaluate((y) => window.scrollBy(0, y), box.y + box.height - viewport.height + 4);
    const pressed = (await button.boundingBox())!;
    expect(pressed.y + pressed.height).toBeGreaterThan(viewport.height - 40);
    await button.click();
    const shown = await toastBox(page, "Bid placed successfully!");
    expect(overlaps(shown, pressed)).toBe(false);
    await page.screenshot({ path: `/tmp/walk-toast-${label}.png` });

    // The auction page's Place Bid (the price panel's, the phone's bid bar): the toast stays low, clear of it.
    await page.goto(`/auction/${other.id}`);
    const bid = page.getByRole("button", { name: "Place Bid", exact: true }).filter({ visible: true });
    await bid.waitFor();
    const bidBox = (await bid.boundingBox())!;
    await bid.click();
    const second = await toastBox(page, "Bid placed successfully!");
    expect(overlaps(second, bidBox)).toBe(false);
    expect(second.y).toBeGreaterThan(viewport.height / 2);
    expect(await axeFindings(page, `toast (${label})`)).toEqual([]);
    expect(seen).toEqual([]);
  });
});

describe.each(PHONE_AND_DESKTOP)("ended auction page at %s size", (label, viewport) => {
  it("names the winner once, shows no Time Remaining box, its ledger names the product, the figures read right", async () => {
    const seller = await signedIn("seller");
    const winner = await signedIn("buyer", { bidBalance: 3, viewport });
    const reader = await signedIn("buyer", { viewport });
    // Long enough for the winner's page to load and bid on a busy machine, short enough to watch it end.
    const auction = await listedAuction(seller, "Ended Silver Round", "Walk Vault", SILVER_COIN, {
      durationSeconds: 10,
      extensionSeconds: 3,
    });
    const seen = problems(reader.page);

    await winner.page.goto(`/auction/${auction.id}`);
    await winner.page.getByRole("button", { name: "Place Bid" }).click();
    await toast(winner.page, "Bid placed successfully!").waitFor();

    await reader.page.goto(`/auction/${auction.id}`);
    const ended = reader.page.getByTestId("auction-ended").first();
    await ended.waitFor({ timeout: 20_000 });
    await ended.getByText(`Winner: ${winner.username}`).waitFor();
    expect(await reader.page.getByText("Last bidder").count()).toBe(0);
    expect(await reader.page.getByText("Time Remaining").count()).toBe(0);
    expect(await reader.page.getByTestId("leader").count()).toBe(0);
    await reader.page.screenshot({ path: `/tmp/walk2-ended-${label}.png`, fullPage: true });
    expect(await axeFindings(reader.page, `ended auction (${label})`)).toEqual([]);

    // Its ledger names the product in the heading and the tab's title.
    await reader.page.getByTestId("ledger-link").click();
    await reader.page
      .getByRole("heading", { level: 1, name: `Bid ledger: ${auction.product.name}` })
      .waitFor();
    await expect.poll(() => reader.page.title()).toContain(`Bid ledger: ${auction.product.name}`);
    await reader.page
      .getByTestId("ledger-result")
      .getByText(/^Verified: /)
      .waitFor();
    expect(await axeFindings(reader.page, `ledger (${label})`)).toEqual([]);

    // The winner's figures read right: granted bids are "free", Total Spent adds the wins' All-in.
    const winnerSeen = problems(winner.page);
    await winner.page.goto(`/auction/${auction.id}`);
    await expect
      .poll(() => winner.page.getByTestId("my-spend").textContent())
      .toBe("You've spent 1 free bid here");
    await winner.page.goto("/my-wins");
    const spent = winner.page.getByTestId("summary-total-spent");
    await spent.waitFor();
    expect(await spent.locator("xpath=..").textContent()).toContain("all-in, bids included");
    expect(await axeFindings(winner.page, `my wins (${label})`)).toEqual([]);
    expect(winnerSeen).toEqual([]);
    expect(seen).toEqual([]);
  });
});

/** A bidder with the longest username sign-up allows, signed in through the API in a page of its own. */
async function longNamedBidder(bidBalance: number) {
  const username = `e2elong${Math.random().toString(36).slice(2, 15)}`.slice(0, 20);
  await createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(PASSWORD, passwordParams()),
    role: "buyer",
    bidBalance,
    now: Date.now(),
  });
  const page = await pageAt();
  const res = await page.request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return { page, username };
}

describe.each(PHONE_AND_DESKTOP)("cards, receipts and the seller's list at %s size", (label, viewport) => {
  it("keeps counts on one line, buttons 44 px tall and a long name clear of its price", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const buyer = await signedIn("buyer", { viewport });
    const bidder = await longNamedBidder(20);
    const longName = "Proof American Gold Buffalo One Ounce Coin In Its Presentation Box";
    const auction = await listedAuction(seller, longName, "Walk Vault", SILVER_COIN, {
      durationSeconds: 3600,
    });
    expect((await bidder.page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} })).status()).toBe(
      200,
    );
    const agent = await bidder.page.request.put(`/api/auctions/${auction.id}/agent`, { data: { bids: 5 } });
    expect(agent.status()).toBeLessThan(300);

    // The card: its counts on one line, the last bidder's name whole.
    const { page } = buyer;
    const seen = problems(page);
    await page.goto(`/?q=${encodeURIComponent(auction.product.name)}`);
    const card = page.locator(`[data-auction-id="${auction.id}"]`);
    await card.getByTestId("agent-count").waitFor();
    const counts = (await card.getByTestId("bid-count").boundingBox())!;
    expect(counts.height).toBeLessThan(24);
    const last = card.getByTestId("last-bidder");
    expect(await last.textContent()).toBe(bidder.username);
    expect(await last.locator("span").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await card.screenshot({ path: `/tmp/walk-card-${label}.png` });

    // Payment Successful: both ways on 44 px tall, their text clear of the edges.
    await page.goto("/bid-packages");
    await page
      .getByRole("button", { name: /^Purchase Now: / })
      .first()
      .click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    for (const name of ["View Live Auctions", "Buy More Bids"]) {
      const link = page.getByRole("link", { name, exact: true });
      expect((await link.boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
      expect(
        await link.evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingLeft)),
      ).toBeGreaterThanOrEqual(16);
    }
    await page.screenshot({ path: `/tmp/walk-paid-${label}.png`, fullPage: true });
    expect(await axeFindings(page, `payment successful (${label})`)).toEqual([]);

    // The seller's Auctions tab: the long name wraps beside its price, never under it.
    const sellerSeen = problems(seller.page);
    await seller.page.goto("/seller-dashboard");
    await seller.page.getByRole("tab", { name: "Auctions" }).click();
    const row = seller.page.getByTestId("seller-auction").filter({ hasText: auction.product.name });
    await row.waitFor();
    const nameBox = (await row.getByRole("heading", { name: auction.product.name }).boundingBox())!;
    const priceBox = (await row.getByText(/^\$\d+\.\d\d$/).boundingBox())!;
    expect(overlaps(nameBox, priceBox)).toBe(false);
    await seller.page.screenshot({ path: `/tmp/walk-seller-${label}.png`, fullPage: true });
    expect(await axeFindings(seller.page, `seller auctions (${label})`)).toEqual([]);
    expect(seen).toEqual([]);
    expect(sellerSeen).toEqual([]);
  });
});

describe.each(PHONE_AND_DESKTOP)("smaller things at %s size", (label, viewport) => {
  it("Buy Bids comes with the popular package picked; recovery codes copy and download; a push failure says why", async () => {
    const admin = await signedIn("admin", { viewport });
    const buyer = await signedIn("buyer", { viewport });
    const { page } = buyer;
    const seen = problems(page);

    // Buy Bids: the popular package picked, Proceed ready.
    await page.goto("/");
    if (label === "phone") {
      await page.getByTestId("user-menu").click();
      await page.getByRole("menuitem", { name: "Buy Bids" }).click();
    } else await page.getByRole("button", { name: "Buy Bids" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Purchase Bid Credits" });
    const popular = dialog.getByRole("radio", { name: /^Popular: / });
    await popular.waitFor();
    expect(await popular.getAttribute("aria-checked")).toBe("true");
    expect(await dialog.getByRole("button", { name: "Proceed to Checkout" }).isEnabled()).toBe(true);
    await animationsDone(page);
    expect(await axeFindings(page, `buy bids (${label})`)).toEqual([]);
    await page.keyboard.press("Escape");

    // Push where the browser's push service refuses the subscription (as Chromium's does with none to
    // reach): the reason, in the toast and on the card.
    await page.context().grantPermissions(["notifications"]);
    await page.addInitScript(() => {
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => {
        throw new DOMException("Registration failed - push service not available", "AbortError");
      };
    });
    await page.goto("/notifications");
    await page.getByRole("button", { name: "Turn on push notifications" }).click();
    const failure = page.getByTestId("push-failure");
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(
      /^Could not turn on push notifications: .*push service did not answer/,
    );
    await page.locator("li").filter({ hasText: "Could not turn on push notifications" }).first().waitFor();
    await page.screenshot({ path: `/tmp/walk-push-${label}.png`, fullPage: true });
    expect(await axeFindings(page, `push failure (${label})`)).toEqual([]);

    // Recovery codes: Copy puts them on the clipboard, Download saves them as a text file.
    const adminSeen = problems(admin.page);
    await admin.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await admin.page.goto("/account/two-factor");
    const startForm = admin.page.getByRole("form", { name: "Set up two-factor" });
    await startForm.getByLabel("Your password").fill(PASSWORD);
    await startForm.getByRole("button", { name: "Set up two-factor" }).click();
    const secret = (await admin.page.getByTestId("totp-secret").textContent())!.trim();
    await admin.page.getByLabel("Code from the app").fill(totpCode(secret, Date.now()));
    await admin.page.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect.poll(() => admin.page.getByTestId("recovery-code").count()).toBe(10);
    const codes = await admin.page.getByTestId("recovery-code").allTextContents();
    await admin.page.getByRole("button", { name: "Copy", exact: true }).click();
    await toast(admin.page, "Recovery codes copied").waitFor();
    const copied = await admin.page.evaluate(() => navigator.clipboard.readText());
    for (const code of codes) expect(copied).toContain(code);
    const [download] = await Promise.all([
      admin.page.waitForEvent("download"),
      admin.page.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("recovery-codes.txt");
    const saved = readFileSync((await download.path())!, "utf8");
    for (const code of codes) expect(saved).toContain(code);
    await admin.page.screenshot({ path: `/tmp/walk-codes-${label}.png`, fullPage: true });
    expect(await axeFindings(admin.page, `recovery codes (${label})`)).toEqual([]);
    expect(seen).toEqual([]);
    expect(adminSeen).toEqual([]);
  });
});

describe.each(PHONE_AND_DESKTOP)("checkout words at %s size", (label, viewport) => {
  it("say what the buyer needs; the rules are in Help", async () => {
    const seller = await signedIn("seller");
    const rival = await signedIn("buyer", { bidBalance: 1 });
    const buyer = await signedIn("buyer", { bidBalance: 1, viewport });
    const { page } = buyer;
    const seen = problems(page);

    await page.goto("/bid-packages");
    await page
      .getByRole("button", { name: /^Purchase Now: / })
      .first()
      .click();
    const rules = page.getByTestId("purchase-rules");
    await rules.waitFor();
    expect(await rules.textContent()).toContain("Your card is charged once, when you press Pay.");
    expect(await rules.textContent()).not.toContain("cancels a bid purchase");
    expect(await axeFindings(page, `bid checkout (${label})`)).toEqual([]);

    const auction = await goldCoinAuction(seller, "Words Coin", 3600);
    expect((await page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} })).status()).toBe(200);
    expect((await rival.page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} })).status()).toBe(
      200,
    );
    const ordered = await page.request.post(`/api/auctions/${auction.id}/buy-now`, {
      data: {
        shippingAddress: "742 Evergreen Terrace",
        shippingCity: "Springfield",
        shippingState: "OR",
        shippingZip: "97403",
      },
    });
    expect(ordered.status()).toBe(201);
    await page.goto(`/order-checkout/${auction.id}?buyNow=1`);
    const rule = page.getByTestId("order-payment-rule");
    await rule.waitFor();
    expect(await rule.textContent()).toBe(
      "Your card is charged once for this order, even if you also open it in another tab or come back later.",
    );
    await page.getByLabel("Card number").waitFor();
    await page.screenshot({ path: `/tmp/walk-order-pay-${label}.png`, fullPage: true });
    expect(await axeFindings(page, `order payment (${label})`)).toEqual([]);

    await page.goto("/help");
    await page.getByRole("heading", { name: "Can I be charged twice?" }).waitFor();
    expect(await axeFindings(page, `help (${label})`)).toEqual([]);
    expect(seen).toEqual([]);
  });
});
