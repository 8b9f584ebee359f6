/**
 * A checkout that can ship gold, at 390 × 844 and 1280 × 800: the recipient's name, the country
 * select, the US state picker and the ZIP each say what is wrong under themselves; a declined card's
 * message stays at the card field; the next checkout offers the last address again. axe-clean, no
 * console error or warning, no failed request but the declined card's.
 */
import { describe, expect, it } from "vitest";
import { goldCoinAuction } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { visit } from "./support/site-pages.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe.each(PHONE_AND_DESKTOP)("the checkout's address at %s size", (label, viewport) => {
  it("names each wrong field, keeps a declined card's message at the card, and offers the last address again", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const buyer = await signedIn("buyer", { bidBalance: 2, viewport });
    const rival = await signedIn("buyer", { bidBalance: 2 });
    const [first, second] = [
      await goldCoinAuction(seller, "Ship Eagle", 3600, "Address Vault"),
      await goldCoinAuction(seller, "Ship Maple", 3600, "Address Vault"),
    ];
    for (const auction of [first, second]) {
      // The buyer bid and was outbid: Buy It Now is theirs to take, through the same shipping form.
      for (const bidder of [buyer, rival]) {
        const res = await bidder.page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} });
        expect(res.status()).toBe(200);
      }
    }
    const page = buyer.page;
    const seen = problems(page);

    await visit(page, `/order-checkout/${first.id}?buyNow=1`, "Credit for your 1 bid");
    expect(await page.getByTestId("last-address-note").count()).toBe(0);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    const fieldError = (field: string) => page.locator(`[data-field-error="${field}"]`);
    await fieldError("shippingName").waitFor();
    expect(await fieldError("shippingName").textContent()).toBe("Recipient name is required");
    expect(await fieldError("shippingState").textContent()).toBe("Please fill in all shipping fields");
    expect(await page.getByLabel("Recipient Name").getAttribute("aria-invalid")).toBe("true");

    // A ZIP of letters is refused at the ZIP, the state comes from the picker as its USPS code.
    await page.getByLabel("Recipient Name").fill("Ada Lovelace");
    await page.getByLabel("Street Address").fill("1 Main Street");
    await page.getByLabel("City").fill("Springfield");
    await page.getByLabel("State").selectOption({ label: "Illinois" });
    await page.getByLabel("ZIP Code").fill("ABCDE");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await fieldError("shippingZip").waitFor();
    expect(await fieldError("shippingZip").textContent()).toBe(
      "ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)",
    );
    expect(await page.locator("[data-field-error]").count()).toBe(1);
    expect(await axeFindings(page, `${label} shipping errors`)).toEqual([]);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/${label}-shipping-errors.png`, fullPage: true });

    // Abroad the field is a postal code and the region is free text.
    await page.getByLabel("Country").selectOption("GB");
    expect(await page.getByLabel("Postal Code").count()).toBe(1);
    await page.getByLabel("Country").selectOption("US");
    await page.getByLabel("State").selectOption("IL");
    await page.getByLabel("ZIP Code").fill("62701-1234");
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    // A declined card: the message stays under the card number.
    const card = page.getByLabel("Card number");
    await card.fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    const cardError = page.getByTestId("card-error");
    await cardError.waitFor();
    expect(await cardError.textContent()).toMatch(/declined/i);
    expect(await card.getAttribute("aria-invalid")).toBe("true");
    expect(await axeFindings(page, `${label} declined card`)).toEqual([]);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/${label}-card-declined.png`, fullPage: true });
    await card.fill("4242 4242 4242 4242");
    expect(await cardError.count()).toBe(0);
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL("**/orders");

    // The next checkout starts from that address.
    await visit(page, `/order-checkout/${second.id}?buyNow=1`, "Credit for your 1 bid");
    await page.getByTestId("last-address-note").waitFor();
    expect(await page.getByLabel("Recipient Name").inputValue()).toBe("Ada Lovelace");
    expect(await page.getByLabel("State").inputValue()).toBe("IL");
    expect(await page.getByLabel("ZIP Code").inputValue()).toBe("62701-1234");
    expect(await axeFindings(page, `${label} last address`)).toEqual([]);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/${label}-last-address.png`, fullPage: true });

    // The declined card is the one request expected to fail (the browser logs its 402 too).
    const declined = /\/api\/dev\/payments\/.+\/confirm|status of 402/;
    expect(seen.filter((problem) => !declined.test(problem))).toEqual([]);
  }, 90_000);
});
