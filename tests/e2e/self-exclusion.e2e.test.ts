/**
 * Self-exclusion in Chromium, at 390 × 844 and 1280 × 800, in a browser whose clock is in Tokyo: the
 * page asks first, in a dialog naming the end in the viewer's own time (Cancel changes nothing); once
 * excluded, every page carries a banner with that time, and Place Bid (card and detail), Buy Bids and
 * Buy It Now are disabled with the reason before any click. Axe-clean, no console error or warning.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { listedAuction, type ProductFields, SILVER_COIN } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { animationsDone } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const ZONE = "Asia/Tokyo";
const inTokyo = (ms: number) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: ZONE }).format(ms);

const limits = async (page: Page) =>
  (await (await page.request.get("/api/me/limits")).json()) as { selfExcludedUntil: string | null };

describe.each(PHONE_AND_DESKTOP)("self-exclusion at %s size", (label, viewport) => {
  it("asks first with the end in local time, then pauses bidding and buying with the reason", async () => {
    const seller = await signedIn("seller", { approved: true });
    const buyer = await signedIn("buyer", { bidBalance: 5, viewport, timezoneId: ZONE });
    const product: ProductFields = {
      ...SILVER_COIN,
      description: "A one ounce silver coin.",
      weight: "1 oz",
      purity: ".9999",
      retailPriceCents: 5000,
      buyNowStock: 2,
    };
    const auction = await listedAuction(seller, "Paused Maple", "Pause Mint", product, {
      durationSeconds: 3600,
      extensionSeconds: 10,
    });
    // A bid before the break: Buy It Now is then offered to this buyer, and the card knows them.
    const bid = await buyer.page.request.post(`/api/auctions/${auction.id}/bid`, {
      headers: { "content-type": "application/json" },
    });
    expect(bid.status()).toBe(200);
    // Someone else leads, so this buyer would have Place Bid (and Buy It Now) to use.
    const rival = await signedIn("buyer", { bidBalance: 1 });
    expect(
      (
        await rival.page.request.post(`/api/auctions/${auction.id}/bid`, {
          headers: { "content-type": "application/json" },
        })
      ).status(),
    ).toBe(200);
    const { page } = buyer;
    const seen = problems(page);

    await page.goto("/spending-limits");
    await page.getByLabel("Days (1 to 365)").fill("0");
    await page.getByRole("button", { name: "Exclude me" }).click();
    expect(await page.getByText("Enter a whole number of days from 1 to 365.").isVisible()).toBe(true);

    await page.getByLabel("Days (1 to 365)").fill("3");
    const asked = Date.now();
    await page.getByRole("button", { name: "Exclude me" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    const title = (await dialog.getByRole("heading").textContent()) ?? "";
    // The end as the viewer's clock reads it (Tokyo), not UTC: one of the minutes around the click.
    const expected = [0, 60_000].map(
      (late) => `Exclude yourself until ${inTokyo(asked + 3 * 86_400_000 + late)}?`,
    );
    expect(expected).toContain(title);
    expect(title).not.toContain("UTC");
    await animationsDone(page);
    expect(await axeFindings(page, `self-exclusion dialog (${label})`)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/self-exclusion-dialog-${label}.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await limits(page)).selfExcludedUntil).toBeNull();

    await page.getByRole("button", { name: "Exclude me" }).click();
    await dialog.getByRole("button", { name: "Yes, exclude me" }).click();
    await page.getByTestId("self-excluded").waitFor();
    const until = Date.parse((await limits(page)).selfExcludedUntil ?? "");
    const reason = `Self-excluded until ${inTokyo(until)}`;
    const banner = page.getByTestId("self-exclusion-banner");
    await expect.poll(() => banner.textContent()).toContain(`${reason}.`);

    // The auction page: Place Bid and Buy It Now greyed, each with the reason beside it.
    await page.goto(`/auction/${auction.id}`);
    await banner.waitFor();
    const bidButton = page.getByRole("button", { name: "Place Bid" }).filter({ visible: true }).first();
    await bidButton.waitFor();
    expect(await bidButton.isDisabled()).toBe(true);
    expect(await page.getByTestId("bid-paused").filter({ visible: true }).first().textContent()).toBe(reason);
    const buyNow = page.getByTestId("buy-now-panel");
    await buyNow.waitFor();
    expect(await buyNow.getByRole("button", { name: /^Buy It Now for / }).isDisabled()).toBe(true);
    expect(await buyNow.getByTestId("buy-now-reason").textContent()).toBe(reason);
    await animationsDone(page);
    expect(await axeFindings(page, `excluded auction page (${label})`)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/self-exclusion-auction-${label}.png` });

    // Buy Bids: the header's button on a wide screen, the account menu's item on a phone.
    if (viewport.width >= 640) {
      expect(await page.getByRole("button", { name: "Buy Bids" }).isDisabled()).toBe(true);
    } else {
      await page.getByTestId("user-menu").click();
      const item = page.getByRole("menuitem", { name: "Buy Bids" });
      await item.waitFor();
      expect(await item.getAttribute("aria-disabled")).toBe("true");
      await page.keyboard.press("Escape");
    }

    // The grid's card and the packages page.
    await page.goto(`/?q=${encodeURIComponent(auction.product.name)}`);
    const cardBid = page.getByRole("button", { name: `Place Bid on ${auction.product.name}` });
    await banner.waitFor();
    await expect.poll(() => cardBid.isDisabled()).toBe(true);
    await page.goto("/bid-packages");
    await page.getByTestId("purchase-paused").waitFor();
    expect(await page.getByTestId("purchase-paused").textContent()).toContain(reason);
    const purchase = page.getByRole("button", { name: /^Purchase Now: / });
    await purchase.first().waitFor();
    for (const button of await purchase.all()) expect(await button.isDisabled()).toBe(true);
    expect(seen).toEqual([]);
  });
});
