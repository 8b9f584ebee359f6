/**
 * The admin lists an expired win again, at 390 × 844 and 1280 × 800: a win the deadline sweep expired
 * (run here with the clock at the deadline) appears under "Expired unpaid wins" in the Auctions tab;
 * "List again" opens a dialog with the approval's optional "Lock at price" field (a price the server
 * refuses shows its 400 message at the field), then starts a new live auction of the same product,
 * locking at the price given, and takes the win off that list. axe-clean (the dialog included), no
 * console error or warning, no failed request (the 400 the test provokes aside).
 */
import { describe, expect, it } from "vitest";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { auctionIdForProduct } from "../../functions/usecases/auctions/start-auction.ts";
import { sweepPaymentDeadlines } from "../../functions/usecases/orders/payment-deadlines.ts";
import { approveProduct } from "../../functions/usecases/products/approve-product.ts";
import { payByOfWin, submittedProduct } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe.each(PHONE_AND_DESKTOP)("listing an expired win again at %s size", (label, viewport) => {
  it("shows the expired win in the Auctions tab and lists it again", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const buyer = await signedIn("buyer", { bidBalance: 2, viewport });
    const admin = await signedIn("admin", { viewport });
    const name = `Relist Maple ${crypto.randomUUID().slice(0, 6)}`;
    const product = await submittedProduct(seller, {
      name,
      description: "A one ounce gold maple leaf.",
      metalType: "gold",
      purity: ".9999",
      imageUrl: "/images/products/gold-jewelry.svg",
    });
    // Approved for a few seconds; the buyer's bid wins it once the clock passes its end.
    await approveProduct({ id: product.id, durationSeconds: 3, now: Date.now() });
    const auctionId = auctionIdForProduct(product.id);
    expect((await buyer.page.request.post(`/api/auctions/${auctionId}/bid`, { data: {} })).status()).toBe(
      200,
    );
    const payBy = await payByOfWin(buyer.page, auctionId, 30_000);
    await sweepPaymentDeadlines(Date.parse(payBy));

    const seen = problems(admin.page);
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: /^Auctions/ }).click();
    const row = admin.page.locator(`[data-testid="expired-win"][data-auction-id="${auctionId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`Won by ${buyer.username}`);
    expect(await axeFindings(admin.page, `admin expired wins (${label})`)).toEqual([]);
    if (SCREENSHOTS)
      await admin.page.getByTestId("expired-wins").screenshot({ path: `${SCREENSHOTS}/relist-${label}.png` });

    await row.getByRole("button", { name: `List again ${name}` }).click();
    const dialog = admin.page.getByRole("dialog", { name: "List again" });
    await dialog.waitFor();
    const lockField = dialog.getByLabel("Lock at price (optional)");
    // Above what any price may be: the server's 400 shows at the field, and nothing is listed.
    await lockField.fill("2000000.00");
    await dialog.getByRole("button", { name: "List again" }).click();
    const fieldError = dialog.getByTestId("lock-at-price-error");
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toBe("Lock price must be at most $1,000,000.00");
    expect(await lockField.getAttribute("aria-invalid")).toBe("true");
    expect(await axeFindings(admin.page, `relist dialog with a refused lock price (${label})`)).toEqual([]);
    if (SCREENSHOTS) await admin.page.screenshot({ path: `${SCREENSHOTS}/relist-lock-error-${label}.png` });
    // Not above the starting price: the field says so before anything is sent.
    await lockField.fill("1.00");
    expect(await lockField.getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByRole("button", { name: "List again" }).isDisabled()).toBe(true);
    await lockField.fill("2.50");
    expect(await lockField.getAttribute("aria-invalid")).toBe("false");
    await dialog.getByRole("button", { name: "List again" }).click();
    await admin.page.getByRole("status").filter({ hasText: "Listed again" }).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    await row.waitFor({ state: "detached" });
    const relisted = auctionIdForProduct(product.id, 1);
    const live = (await (await admin.page.request.get(`/api/auctions/${relisted}`)).json()) as AuctionSummary;
    expect(live).toMatchObject({
      status: "active",
      productId: product.id,
      totalBids: 0,
      lockAtPrice: "2.50",
      locked: false,
    });
    expect(await axeFindings(admin.page, `admin after relisting (${label})`)).toEqual([]);
    if (SCREENSHOTS) await admin.page.screenshot({ path: `${SCREENSHOTS}/relisted-${label}.png` });
    // The one failed request is the 400 the test asked for.
    const provoked = (problem: string) =>
      problem.endsWith(`/api/admin/auctions/${auctionId}/relist`) ||
      problem.includes("the server responded with a status of 400");
    expect(seen.filter((problem) => !provoked(problem))).toEqual([]);
    expect(seen.filter(provoked).length).toBeGreaterThan(0);
  }, 60_000);
});
