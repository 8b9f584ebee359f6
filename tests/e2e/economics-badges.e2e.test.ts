/**
 * A won auction's economics and its bidders' badges at 390 × 844 and 1280 × 800: the ledger page says
 * what bidders spent and what the site collected, and shows each bid's "Member since" month and a "New"
 * badge; the auction page says the same sentence and shows the badges on Recent Bids and the winner
 * line; Recent winners the same sentence. axe-clean, no console
 * error or warning, no failed request.
 */
import { describe, expect, it } from "vitest";
import { getAuction } from "../../functions/adapters/dynamo/auctions-repo.ts";
import { finalizeIfOver } from "../../functions/usecases/auctions/finalize-auction.ts";
import { placeBid } from "../../functions/usecases/bidding/place-bid.ts";
import { givePaidCredits } from "../support/paid-credits.ts";
import { listedAuction, SILVER_COIN } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { pageAt, storedUser } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe.each(PHONE_AND_DESKTOP)("economics and badges at %s size", (label, viewport) => {
  it("the ledger page, the auction page (its sentence, Recent Bids and the winner line) and Recent winners say them", async () => {
    const seller = await storedUser("seller");
    // Ann paid 50 cents a credit; Bob's credits were free.
    const ann = await storedUser("buyer", 0);
    await givePaidCredits(ann.id, 10, 500);
    const bob = await storedUser("buyer", 10);
    const auction = await listedAuction(seller, "Economics Eagle", "Economics Vault", SILVER_COIN, {
      durationSeconds: 600,
    });
    for (const bidder of [ann, bob, ann]) {
      await placeBid({ auctionId: auction.id, bidder: { id: bidder.id, username: bidder.username } });
    }
    // Ended as its closer would at its end (a moved clock, not a wait).
    const running = await getAuction(auction.id);
    expect((await finalizeIfOver(running!, running!.endsAt + 1000)).finalizedNow).toBe(true);
    const sentence = "Bidders spent 3 bids, about $1.00; with the final price the site collected $2.03.";

    const page = await pageAt(viewport);
    const seen = problems(page);
    await page.goto(`/auction/${auction.id}`);
    const rows = page.getByTestId("recent-bid");
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => rows.first().getByTestId("member-since").count()).toBe(1);
    expect(await rows.first().getByTestId("new-member").textContent()).toBe("New");
    // The ended auction's own page: the same sentence as the ledger's, and the winner's badge.
    await expect.poll(() => page.getByTestId("economics").textContent()).toBe(sentence);
    const winnerLine = page.getByTestId("winner-line").first();
    await expect.poll(() => winnerLine.getByTestId("new-member").count()).toBe(1);
    expect(await winnerLine.textContent()).toContain(`Winner: ${ann.username}`);
    expect(await winnerLine.getByTestId("member-since").textContent()).toMatch(/^Member since \w{3} \d{4}$/);
    expect(await axeFindings(page, `recent bids badges (${label})`)).toEqual([]);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/economics-auction-${label}.png`, fullPage: true });

    await page.goto(`/auction/${auction.id}/ledger`);
    await expect.poll(() => page.getByTestId("economics").textContent()).toBe(sentence);
    await expect.poll(() => page.getByTestId("ledger-result").textContent()).toContain("Verified");
    expect(await page.getByTestId("new-member").count()).toBeGreaterThan(0);
    expect(await axeFindings(page, `ledger economics (${label})`)).toEqual([]);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/economics-ledger-${label}.png`, fullPage: true });

    await page.goto("/recent-winners");
    const win = page.locator(`[data-testid="recent-win"][data-auction-id="${auction.id}"]`);
    await expect.poll(() => win.getByTestId("economics").textContent()).toBe(sentence);
    expect(await axeFindings(page, `recent winners economics (${label})`)).toEqual([]);
    expect(seen).toEqual([]);
  }, 60_000);
});
