/**
 * Melt values at 390 × 844 and 1280 × 800: the seller's form shows the fine content as it is typed (or
 * that it cannot be derived); at an admin's spot price the card says "Melt $X" and the detail shows the
 * figure with its spot price and time. axe-clean, no console error or warning, no failed request.
 */
import { describe, expect, it } from "vitest";
import { auctionIdForProduct } from "../../functions/usecases/auctions/start-auction.ts";
import { approveProduct } from "../../functions/usecases/products/approve-product.ts";
import { submittedProduct } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe.each(PHONE_AND_DESKTOP)("melt value at %s size", (label, viewport) => {
  it("derives the fine content in the form and shows the melt value on the card and the detail", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const admin = await signedIn("admin", { viewport });

    const seen = problems(seller.page);
    await seller.page.goto("/seller-dashboard");
    await seller.page
      .getByRole("button", { name: /Add (New )?Product/ })
      .first()
      .click();
    const dialog = seller.page.getByRole("dialog");
    await dialog.getByLabel("Weight", { exact: true }).fill("1");
    await dialog.getByLabel("Purity", { exact: true }).fill("fine");
    await expect
      .poll(() => dialog.getByTestId("fine-content").textContent())
      .toContain("Fine content cannot be derived");
    await dialog.getByLabel("Purity", { exact: true }).fill("99.99%");
    await expect.poll(() => dialog.getByTestId("fine-content").textContent()).toContain("0.9999 troy oz");
    expect(await axeFindings(seller.page, `product form fine content (${label})`)).toEqual([]);

    const name = `Melt Eagle ${crypto.randomUUID().slice(0, 6)}`;
    const product = await submittedProduct(seller, {
      name,
      description: "A one ounce gold coin.",
      metalType: "gold",
      purity: "99.99%",
      imageUrl: "/images/products/gold-coins.svg",
      startingPrice: "1.00",
      retailPrice: "3000.00",
    });
    await approveProduct({ id: product.id, durationSeconds: 3600, now: Date.now() });
    const spot = await admin.page.request.put("/api/admin/spot-prices/gold", {
      data: { usdPerOz: "2650.00" },
    });
    expect(spot.status()).toBe(200);

    const buyerView = problems(admin.page);
    const auctionId = auctionIdForProduct(product.id);
    await admin.page.goto(`/?q=${encodeURIComponent(name)}`);
    const card = admin.page.locator(`[data-testid="auction-card"][data-auction-id="${auctionId}"]`);
    await expect.poll(() => card.getByTestId("melt-value").textContent()).toBe("Melt $2,649.74");
    expect(await axeFindings(admin.page, `card melt value (${label})`)).toEqual([]);

    await admin.page.goto(`/auction/${auctionId}`);
    const melt = admin.page.getByTestId("price-panel").getByTestId("melt-value");
    await expect.poll(() => melt.textContent()).toContain("Melt $2,649.74");
    expect(await melt.textContent()).toContain("0.9999 oz fine at $2,650.00/oz spot");
    expect(await axeFindings(admin.page, `detail melt value (${label})`)).toEqual([]);
    if (SCREENSHOTS) await admin.page.screenshot({ path: `${SCREENSHOTS}/melt-${label}.png` });
    expect(seen).toEqual([]);
    expect(buyerView).toEqual([]);
  }, 60_000);
});
