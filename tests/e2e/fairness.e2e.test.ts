/**
 * Fair play as a visitor sees it: the Fairness page and How It Works state the published rules (the win
 * limit from /api/config) and how a person checks a ledger, the footer links the page, and an auction
 * page links its public ledger, which the browser lists and verifies (and shows where a tampered one
 * breaks), at 390 and 1280 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { placeBid } from "../../functions/usecases/bidding/place-bid.ts";
import { listedAuction, type ProductFields, SILVER_COIN } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { newPage } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { storedUser } from "./support/users.ts";

describe("fair play pages", () => {
  it("the Fairness page and How It Works publish the rules before anyone registers", async () => {
    const page = await newPage();
    const config = await (await page.request.get("/api/config")).json();
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Fairness" }).click();
    await page.getByRole("heading", { name: "Fair play, provably" }).waitFor();
    // The win limit comes from /api/config, which the page reads after it renders.
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain(`more than ${config.winLimit.wins} auctions in any ${config.winLimit.days} days`);
    expect(await page.locator("main").textContent()).toContain("Staff accounts cannot bid");
    expect(await page.getByRole("link", { name: "see the beginner auctions" }).getAttribute("href")).toBe(
      "/?beginner=1#live-auctions",
    );
    expect(await page.getByTestId("ledger-how-to").textContent()).toContain(
      '"Verified: all N bids chain to the start"',
    );
    for (const [where, viewport] of PHONE_AND_DESKTOP) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `/tmp/fairness-${viewport.width}.png`, fullPage: true });
      expect(await axeFindings(page, `fairness ${where}`)).toEqual([]);
    }

    await page.goto("/how-it-works");
    // The rules are folded under the steps.
    await page.getByRole("heading", { name: "Bid cost and pricing" }).click();
    await page.getByTestId("win-limit").waitFor();
    await expect
      .poll(() => page.getByTestId("win-limit").textContent())
      .toContain(`${config.winLimit.wins} auctions in any ${config.winLimit.days} days`);
  });

  async function beginnerAuctionWithThreeBids() {
    const seller = await storedUser("seller");
    const product: ProductFields = { ...SILVER_COIN, description: "A one ounce silver maple." };
    const auction = await listedAuction(seller, "Beginner Maple", "Maple Leaf Metals", product, {
      durationSeconds: 600,
      beginner: true,
    });
    const bidders = await Promise.all([storedUser("buyer", 5), storedUser("buyer", 5)]);
    for (const bidder of [bidders[0]!, bidders[1]!, bidders[0]!]) {
      await placeBid({ auctionId: auction.id, bidder: { id: bidder.id, username: bidder.username } });
    }
    return auction;
  }

  /** The bids as the page lists them: cards on a phone, a table on a laptop. */
  const bidRows = (page: Page, where: string) =>
    page.getByTestId(where === "phone" ? "ledger-card" : "ledger-row");

  it("an auction page links its ledger, which lists the bids and verifies them in the browser", async () => {
    const auction = await beginnerAuctionWithThreeBids();
    for (const [where, viewport] of PHONE_AND_DESKTOP) {
      const page = await newPage({ viewport });
      const seen = problems(page);
      await page.goto(`/auction/${auction.id}`);
      await page.getByTestId("beginner").waitFor();
      const link = page.getByTestId("ledger-link");
      expect(await link.getAttribute("href")).toBe(`/auction/${auction.id}/ledger`);
      await link.click();
      // The browser fetched the published pages and recomputed every hash up to the head.
      const ledger = await (await page.request.get(`/api/auctions/${auction.id}/ledger`)).json();
      expect(ledger).toMatchObject({
        auctionId: auction.id,
        algorithm: "sha256",
        totalEntries: 3,
        nextFrom: null,
      });
      await expect
        .poll(() => page.getByTestId("ledger-result").textContent())
        .toBe("Verified: all 3 bids chain to the start");
      expect(await page.getByTestId("ledger-head").textContent()).toBe(ledger.head);

      const rows = bidRows(page, where);
      expect(await rows.count()).toBe(3);
      for (const [i, entry] of (ledger.entries as { username: string; amount: string }[]).entries()) {
        const text = await rows.nth(i).textContent();
        expect(text).toContain(entry.username);
        expect(text).toContain(`$${entry.amount}`);
        expect(text).toContain("By hand");
      }
      // The hash is shortened; the whole of it is one tap away.
      await rows.nth(2).locator("summary").click();
      expect(await rows.nth(2).getByTestId("ledger-full-hash").textContent()).toBe(ledger.head);
      expect(await page.getByTestId("ledger-json").getAttribute("href")).toBe(
        `/api/auctions/${auction.id}/ledger`,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: `/tmp/ledger-${viewport.width}.png`, fullPage: true });
      expect(await axeFindings(page, where)).toEqual([]);
      expect(seen).toEqual([]);
    }
  });

  it("a tampered ledger is not verified, and the page shows the bid where the chain breaks", async () => {
    const auction = await beginnerAuctionWithThreeBids();
    for (const [where, viewport] of PHONE_AND_DESKTOP) {
      const page = await newPage({ viewport });
      const seen = problems(page);
      // As if the server rewrote history: bid 2's amount changed after it was chained.
      await page.route(`**/api/auctions/${auction.id}/ledger*`, async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.entries[1].amount = "0.01";
        await route.fulfill({ response, json: body });
      });
      await page.goto(`/auction/${auction.id}/ledger`);
      await expect
        .poll(() => page.getByTestId("ledger-result").textContent())
        .toBe("Not verified: the chain breaks at bid 2 (hash of entry 2 does not match).");
      const rows = bidRows(page, where);
      expect(await rows.count()).toBe(3);
      expect(await rows.nth(1).getAttribute("data-broken")).toBe("true");
      expect(await rows.nth(1).textContent()).toContain("The chain breaks here");
      expect(await rows.nth(0).getAttribute("data-broken")).toBeNull();
      if (where === "phone") await page.screenshot({ path: "/tmp/ledger-390-broken.png", fullPage: true });
      expect(await axeFindings(page, where)).toEqual([]);
      expect(seen).toEqual([]);
    }
  });
});
