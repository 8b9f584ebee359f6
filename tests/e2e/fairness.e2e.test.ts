/**
 * Fair play as a visitor sees it: the Fairness page and How It Works state the published rules (the win
 * limit from /api/config), the footer links the page, and an auction page links its public ledger,
 * which the browser verifies.
 */
import { describe, expect, it } from "vitest";
import { createUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { startAuction } from "../../functions/usecases/auctions/start-auction.ts";
import { placeBid } from "../../functions/usecases/bidding/place-bid.ts";
import { newPage } from "./support/browser.ts";

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

    await page.goto("/how-it-works");
    await page.getByTestId("win-limit").waitFor();
    await expect
      .poll(() => page.getByTestId("win-limit").textContent())
      .toContain(`${config.winLimit.wins} auctions in any ${config.winLimit.days} days`);
  });

  it("an auction page links its ledger and marks a beginner auction", async () => {
    const username = `e2ef${Math.random().toString(36).slice(2, 9)}`;
    const seller = await createUser({
      username,
      email: `${username}@example.com`,
      passwordHash: "unused",
      role: "seller",
      now: Date.now(),
    });
    const productId = crypto.randomUUID();
    const auction = await startAuction({
      product: {
        id: productId,
        sellerId: seller.sellerId!,
        name: `Beginner Maple ${productId.slice(0, 6)}`,
        description: "A one ounce silver maple.",
        metalType: "silver",
        imageUrl: "/images/products/silver-coins.svg",
        startingPriceCents: 100,
      },
      seller: { id: seller.sellerId!, userId: seller.id, businessName: "Maple Leaf Metals" },
      durationSeconds: 600,
      beginner: true,
      now: Date.now(),
    });
    const bidders = await Promise.all(
      [1, 2].map(async (i) => {
        const name = `e2eb${i}${Math.random().toString(36).slice(2, 8)}`;
        return createUser({
          username: name,
          email: `${name}@example.com`,
          passwordHash: "unused",
          role: "buyer",
          now: Date.now(),
          bidBalance: 5,
        });
      }),
    );
    for (const bidder of [bidders[0]!, bidders[1]!, bidders[0]!]) {
      await placeBid({ auctionId: auction.id, bidder: { id: bidder.id, username: bidder.username } });
    }
    const page = await newPage();
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
      .toBe("Verified: all 3 bids chain from the auction's start to its head.");
    expect(await page.getByTestId("ledger-head").textContent()).toBe(ledger.head);
  });
});
