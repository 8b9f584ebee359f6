/**
 * A won auction's money figures read the same wherever they show, at 390 × 844 and 1280 × 800 (one
 * definition per figure): the final price, the winner's bids spent ("3 bids ($1.20)": two bought at $0.60, one given at
 * sign-up and worth nothing), the all-in cost and the saving on My Wins, My Orders, the ended auction's
 * page and Recent winners; bids that cost nothing read "1 free bid", never "$0.00". axe-clean, no console
 * error or warning, no failed request.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getAuction } from "../../functions/adapters/dynamo/auctions-repo.ts";
import { finalizeIfOver } from "../../functions/usecases/auctions/finalize-auction.ts";
import { placeBid } from "../../functions/usecases/bidding/place-bid.ts";
import { givePaidCredits } from "../support/paid-credits.ts";
import { goldCoinAuction } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { type SignedIn, signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

const bidOn = (auctionId: string, bidder: SignedIn) =>
  placeBid({ auctionId, bidder: { id: bidder.id, username: bidder.username } });

/** Ends the auction as its closer would at its end (a moved clock, not a wait). */
async function endNow(auctionId: string) {
  const running = await getAuction(auctionId);
  expect((await finalizeIfOver(running!, running!.endsAt + 1000)).finalizedNow).toBe(true);
}

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

describe.each(PHONE_AND_DESKTOP)("a win's figures at %s size", (label, viewport) => {
  it("final price, bids spent, all-in and saving read the same on My Wins, My Orders, the auction page and Recent winners", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    // One bid given at sign-up (worth $0), then two bought for $1.20: three bids worth $1.20.
    const winner = await signedIn("buyer", { bidBalance: 1, viewport });
    await givePaidCredits(winner.id, 2, 120);
    const rival = await signedIn("buyer", { bidBalance: 5, viewport });
    const auction = await goldCoinAuction(seller, "Figures Eagle", 600, "Figures Vault");
    for (const bidder of [winner, rival, winner, rival, winner]) await bidOn(auction.id, bidder);
    // Granted bids only: the rival wins a second auction with one free bid.
    const freeWin = await goldCoinAuction(seller, "Free Eagle", 600, "Figures Vault");
    await bidOn(freeWin.id, rival);
    await endNow(auction.id);
    await endNow(freeWin.id);

    // $1.50 + 5 bids = $1.55; all-in $1.55 + $1.20 = $2.75, 93% below the $40.00 retail price.
    const finalPrice = "$1.55";
    const bidsSpent = "3 bids ($1.20)";
    const allIn = "All-in $2.75 with 3 bids ($1.20)";
    const saving = "93% below retail ($40.00), bids included";

    const page = winner.page;
    const seen = problems(page);

    // The ended auction's page: Final price, what the winner spent, and the same All-in line.
    await page.goto(`/auction/${auction.id}`);
    const panel = page.getByTestId("price-panel");
    await expect.poll(() => panel.getByTestId("price-label").textContent()).toBe("Final price");
    expect(await panel.getByTestId("current-price").textContent()).toBe(finalPrice);
    expect(await panel.getByTestId("my-spend").textContent()).toBe(`You've spent ${bidsSpent} here`);
    const youWon = page.getByTestId("you-won-all-in").filter({ visible: true });
    await expect.poll(() => youWon.textContent()).toBe(allIn);
    expect(await axeFindings(page, `won auction figures (${label})`)).toEqual([]);
    await shot(page, `win-figures-auction-${label}`);

    // My Wins: the same three figures, and totals that add the same All-in.
    await page.goto("/my-wins");
    const card = page.locator(`[data-testid="win-card"][data-auction-id="${auction.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId("final-price").textContent()).toBe(finalPrice);
    expect(await card.getByTestId("bids-spent").textContent()).toBe(bidsSpent);
    expect(await card.getByTestId("all-in-cost").textContent()).toBe("$2.75");
    expect(await card.getByTestId("all-in-savings").textContent()).toBe(saving);
    expect(await page.getByTestId("summary-total-spent").textContent()).toBe("$2.75");
    expect(await page.getByTestId("summary-average-price").textContent()).toBe("$2.75");
    expect(await axeFindings(page, `my wins figures (${label})`)).toEqual([]);
    await shot(page, `win-figures-my-wins-${label}`);

    // My Orders: the order carries the same figures.
    const ordered = await page.request.post("/api/orders", {
      data: {
        auctionId: auction.id,
        shippingName: "Homer Simpson",
        shippingAddress: "742 Evergreen Terrace",
        shippingCity: "Springfield",
        shippingState: "OR",
        shippingZip: "97403",
      },
    });
    expect(ordered.status()).toBe(200);
    await page.goto("/orders");
    const order = page.getByTestId("order-price").first();
    await order.waitFor();
    expect(await order.textContent()).toBe(finalPrice);
    expect(await page.getByTestId("order-all-in").first().textContent()).toBe(allIn);
    expect(await axeFindings(page, `my orders figures (${label})`)).toEqual([]);
    await shot(page, `win-figures-orders-${label}`);

    // Recent winners: the same final price, All-in line and saving; the free win says "1 free bid".
    await page.goto("/recent-winners");
    const win = page.locator(`[data-testid="recent-win"][data-auction-id="${auction.id}"]`);
    await win.waitFor();
    expect(await win.getByTestId("final-price").textContent()).toBe(finalPrice);
    expect(await win.getByTestId("all-in").textContent()).toBe(allIn);
    expect(await win.getByTestId("all-in-savings").textContent()).toBe(saving);
    const free = page.locator(`[data-testid="recent-win"][data-auction-id="${freeWin.id}"]`);
    await free.waitFor();
    expect(await free.getByTestId("all-in").textContent()).toBe("All-in $1.51 with 1 free bid");
    // (A melt clause follows when the stage has a fresh spot price.)
    expect(await free.getByTestId("economics").textContent()).toMatch(
      /^Bidders spent 1 free bid; with the final price the site collected \$1\.51[ .]/,
    );
    expect(await page.locator("body").textContent()).not.toContain("$0.00");
    expect(await axeFindings(page, `recent winners figures (${label})`)).toEqual([]);
    await shot(page, `win-figures-recent-winners-${label}`);

    // The free win's own page and wins list, for the winner whose bids were all granted.
    const rivalSeen = problems(rival.page);
    await rival.page.goto(`/auction/${freeWin.id}`);
    await expect
      .poll(() => rival.page.getByTestId("my-spend").textContent())
      .toBe("You've spent 1 free bid here");
    await rival.page.goto("/my-wins");
    const freeCard = rival.page.locator(`[data-testid="win-card"][data-auction-id="${freeWin.id}"]`);
    await freeCard.waitFor();
    expect(await freeCard.getByTestId("bids-spent").textContent()).toBe("1 free bid");
    expect(await freeCard.getByTestId("all-in-cost").textContent()).toBe("$1.51");
    expect(await axeFindings(rival.page, `free win figures (${label})`)).toEqual([]);

    expect(seen).toEqual([]);
    expect(rivalSeen).toEqual([]);
  }, 90_000);
});
