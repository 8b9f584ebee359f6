/**
 * Locked auctions in the browser, at 390 × 844 and 1280 × 800: the card and the detail say "Locks at
 * $X.XX" while open; once a bid reached it they say "Locked", a newcomer sees the reason in place of
 * Place Bid and an earlier bidder still has it. axe-clean, no console error or warning, no failed request.
 */
import { describe, expect, it } from "vitest";
import { auctionIdForProduct } from "../../functions/usecases/auctions/start-auction.ts";
import { approveProduct } from "../../functions/usecases/products/approve-product.ts";
import { submittedProduct } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const LOCKED_OUT = "This auction is locked: only bidders who bid before it locked can bid";

describe.each(PHONE_AND_DESKTOP)("a locked auction at %s size", (label, viewport) => {
  it("says where it locks, then that it locked, and who may still bid", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const [early, second, newcomer] = await Promise.all([
      signedIn("buyer", { bidBalance: 3, viewport }),
      signedIn("buyer", { bidBalance: 3, viewport }),
      signedIn("buyer", { bidBalance: 3, viewport }),
    ]);
    const name = `Lock Eagle ${crypto.randomUUID().slice(0, 6)}`;
    const product = await submittedProduct(seller, {
      name,
      description: "A one ounce silver eagle.",
      metalType: "silver",
      purity: ".999",
      imageUrl: "/images/products/silver-coins.svg",
    });
    await approveProduct({ id: product.id, durationSeconds: 3600, lockAtPrice: "1.52", now: Date.now() });
    const auctionId = auctionIdForProduct(product.id);
    const bid = (who: typeof early) => who.page.request.post(`/api/auctions/${auctionId}/bid`, { data: {} });
    expect((await bid(early)).status()).toBe(200);

    // Open: the card and the detail say where it locks.
    const seen = problems(newcomer.page);
    await newcomer.page.goto(`/?q=${encodeURIComponent(name)}`);
    const card = newcomer.page.locator(`[data-testid="auction-card"][data-auction-id="${auctionId}"]`);
    await expect.poll(() => card.getByTestId("lock-badge").textContent()).toBe("Locks at $1.52");
    expect(await axeFindings(newcomer.page, `card that locks (${label})`)).toEqual([]);
    await newcomer.page.goto(`/auction/${auctionId}`);
    await expect
      .poll(() => newcomer.page.getByTestId("lock-status").textContent())
      .toContain("Locks at $1.52");

    // The second bid reaches $1.52: the auction locks for everyone who had not bid.
    expect((await bid(second)).status()).toBe(200);
    await newcomer.page.reload();
    await expect.poll(() => newcomer.page.getByTestId("lock-status").textContent()).toContain("Locked");
    const reason = newcomer.page.locator('[data-testid="locked-out"]:visible').first();
    await expect.poll(() => reason.textContent()).toContain(LOCKED_OUT);
    expect(await newcomer.page.locator('button:visible:has-text("Place Bid")').count()).toBe(0);
    expect(await newcomer.page.getByRole("form", { name: "Start a Bid Agent" }).count()).toBe(0);
    expect(await axeFindings(newcomer.page, `locked detail, newcomer (${label})`)).toEqual([]);
    if (SCREENSHOTS) await newcomer.page.screenshot({ path: `${SCREENSHOTS}/locked-${label}.png` });

    // The earlier bidder, outbid, may go on.
    const earlySeen = problems(early.page);
    await early.page.goto(`/auction/${auctionId}`);
    await early.page.locator('button:visible:has-text("Place Bid")').first().waitFor();
    expect(await early.page.locator('[data-testid="locked-out"]:visible').count()).toBe(0);
    await early.page.getByRole("form", { name: "Start a Bid Agent" }).waitFor();
    expect(await axeFindings(early.page, `locked detail, earlier bidder (${label})`)).toEqual([]);

    await newcomer.page.goto(`/?q=${encodeURIComponent(name)}`);
    await expect.poll(() => card.getByTestId("lock-badge").textContent()).toBe("Locked");
    await expect.poll(() => card.getByTestId("locked-out").textContent()).toBe(LOCKED_OUT);
    expect(seen).toEqual([]);
    expect(earlySeen).toEqual([]);
  }, 90_000);
});
