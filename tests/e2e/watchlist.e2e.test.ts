/**
 * The watchlist and the Recent winners page in Chromium at 390 × 844 and 1280 × 800: a star on the
 * auction's card and page adds it to the Watching page (from the account menu), where each is a live
 * card (Place Bid, a rival's bid shown as it happens) whose star takes it off again; the home page links to Recent winners, which shows a win with its all-in saving. No
 * failed request, console error or warning, and axe-core finds nothing.
 */
import { describe, expect, it } from "vitest";
import { readAuctionDetail } from "../../functions/usecases/auctions/read-auctions.ts";
import { goldCoinAuction } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { openUserMenuItem } from "./support/user-menu.ts";
import { type SignedIn, signedIn } from "./support/users.ts";

/** A gold coin without Buy It Now, its clock pushed 1 s by a bid. */
const auctionOf = (seller: SignedIn, name: string, durationSeconds: number) =>
  goldCoinAuction(seller, name, durationSeconds, "Watch Vault", { buyNowStock: 0, extensionSeconds: 1 });

describe.each(PHONE_AND_DESKTOP)("the watchlist at %s size", (label, viewport) => {
  it("stars an auction on its card and its page, lists it on Watching, and unstars it there", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const buyer = await signedIn("buyer", { bidBalance: 5, viewport });
    const onCard = await auctionOf(seller, "Card Eagle", 3600);
    const onPage = await auctionOf(seller, "Page Eagle", 3600);
    const { page } = buyer;
    const seen = problems(page);

    await page.goto("/");
    const cardStar = page.locator(`[data-auction-id="${onCard.id}"] [data-testid="watch-star"]`);
    await cardStar.scrollIntoViewIfNeeded({ timeout: 20_000 });
    expect(await cardStar.getAttribute("aria-label")).toBe(`Watch ${onCard.product.name}`);
    await cardStar.click();
    await expect.poll(() => cardStar.getAttribute("aria-pressed")).toBe("true");

    await page.goto(`/auction/${onPage.id}`);
    const pageStar = page.getByRole("button", { name: `Watch ${onPage.product.name}` });
    await pageStar.click();
    await page.getByRole("button", { name: `Stop watching ${onPage.product.name}` }).waitFor();
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `/tmp/watch-detail-${label}.png` });

    await openUserMenuItem(page, "Watching");
    await page.getByRole("heading", { name: "Watching" }).waitFor();
    const rows = page.getByTestId("watched-auction");
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-auction-id"))))
      .toEqual([onPage.id, onCard.id]);
    expect(await axeFindings(page, `watching (${label})`)).toEqual([]);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `/tmp/watching-${label}.png`, fullPage: true });
    const hasSidewaysScroll = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(hasSidewaysScroll).toBe(false);

    // Each watched auction is a live card: Place Bid from the list, and a rival's bid shows at once.
    const card = page.locator(`[data-testid="watched-auction"][data-auction-id="${onPage.id}"]`);
    const price = card.getByTestId("current-price");
    const before = await price.textContent();
    await card.getByRole("button", { name: `Place Bid on ${onPage.product.name}` }).click();
    await expect.poll(() => price.textContent()).not.toBe(before);
    await card.getByText("You're the highest bidder").waitFor();
    const afterMine = await price.textContent();
    const rival = await signedIn("buyer", { bidBalance: 5, viewport });
    const rivalBid = await rival.page.request.post(`/api/auctions/${onPage.id}/bid`, {
      headers: { "content-type": "application/json" },
    });
    expect(rivalBid.status()).toBe(200);
    await expect.poll(() => price.textContent()).not.toBe(afterMine);
    await card.getByRole("button", { name: `Place Bid on ${onPage.product.name}` }).waitFor();

    await page.getByRole("button", { name: `Stop watching ${onCard.product.name}` }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.reload();
    await page.getByTestId("watched-auction").first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(seen).toEqual([]);
  });
});

describe.each(PHONE_AND_DESKTOP)("recent winners at %s size", (label, viewport) => {
  it("the home page links to Recent winners, which shows the win, its winner and the all-in saving", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const winner = await signedIn("buyer", { bidBalance: 5, viewport });
    const auction = await auctionOf(seller, "Won Maple", 3);
    const bid = await winner.page.request.post(`/api/auctions/${auction.id}/bid`, {
      headers: { "content-type": "application/json" },
    });
    expect(bid.status()).toBe(200);
    // The local stack's closer ends it; a read finds it over too.
    await expect
      .poll(async () => (await readAuctionDetail(auction.id, Date.now()))?.status, { timeout: 15_000 })
      .toBe("won");

    const visitor = (await signedIn("buyer", { viewport })).page;
    const seen = problems(visitor);
    await visitor.goto("/");
    await visitor.getByRole("link", { name: "Recent winners" }).click();
    await visitor.getByRole("heading", { name: "Recent winners" }).waitFor();
    const win = visitor.locator(`[data-testid="recent-win"][data-auction-id="${auction.id}"]`);
    await win.waitFor();
    const text = await win.textContent();
    expect(text).toContain(auction.product.name);
    expect(text).toContain(`Won by ${winner.username} · Final price $1.51`);
    // Given bids are worth nothing: all-in is the final price, 96% below the $40.00 retail price.
    expect(await win.getByTestId("all-in-savings").textContent()).toBe(
      "96% below retail ($40.00), bids included",
    );
    expect(await axeFindings(visitor, `recent winners (${label})`)).toEqual([]);
    if (process.env.E2E_SCREENSHOTS) await visitor.screenshot({ path: `/tmp/recent-winners-${label}.png` });
    const hasSidewaysScroll = await visitor.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(hasSidewaysScroll).toBe(false);
    expect(seen).toEqual([]);
  });
});
