/**
 * The admin lists an expired win again, at 390 × 844 and 1280 × 800: a win the deadline sweep expired
 * (run here with the clock at the deadline) appears under "Expired unpaid wins" in the Auctions tab;
 * "List again" starts a new live auction of the same product and takes the win off that list.
 * axe-clean, no console error or warning, no failed request.
 */
import { describe, expect, it } from "vitest";
import type { AuctionSummary } from "#shared/schemas/auctions";
import type { ProductView } from "#shared/schemas/seller";
import { auctionIdForProduct } from "../../functions/usecases/auctions/start-auction.ts";
import { sweepPaymentDeadlines } from "../../functions/usecases/orders/payment-deadlines.ts";
import { approveProduct } from "../../functions/usecases/products/approve-product.ts";
import { payByOfWin } from "./support/auctions.ts";
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
    const submitted = await seller.page.request.post("/api/seller/products", {
      data: {
        name,
        description: "A one ounce gold maple leaf.",
        metalType: "gold",
        weight: "1 oz",
        purity: ".9999",
        imageUrl: "/images/products/gold-jewelry.svg",
        startingPrice: "1.50",
        retailPrice: "40.00",
      },
    });
    expect(submitted.status()).toBe(201);
    const product = (await submitted.json()) as ProductView;
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
    await admin.page.getByRole("status").filter({ hasText: "Listed again" }).first().waitFor();
    await row.waitFor({ state: "detached" });
    const relisted = auctionIdForProduct(product.id, 1);
    const live = (await (await admin.page.request.get(`/api/auctions/${relisted}`)).json()) as AuctionSummary;
    expect(live).toMatchObject({ status: "active", productId: product.id, totalBids: 0 });
    expect(await axeFindings(admin.page, `admin after relisting (${label})`)).toEqual([]);
    if (SCREENSHOTS) await admin.page.screenshot({ path: `${SCREENSHOTS}/relisted-${label}.png` });
    expect(seen).toEqual([]);
  }, 60_000);
});
