/**
 * The ship-by guarantee in the browser, at 390 × 844 and 1280 × 800: the checkout shows a shipping line
 * and repeats the ship-to address on the payment step before charging; My Orders shows "Ship by <date>";
 * once that moment passed unshipped, a Cancel and refund button asks for a confirmation and the order
 * reads cancelled and refunded; the admin's Auctions tab lists it among the late orders; the Shipping
 * Information page states cost, insurance, signature, packaging, handling time and the guarantee.
 * axe-clean, no console error or warning, no failed request.
 *
 * The stack's clock cannot be moved from the test, so the order's ship-by moment is moved to the past
 * in the table instead (what 5 days of waiting would do).
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { db, tableName } from "../../functions/adapters/dynamo/client.ts";
import { keys } from "../../functions/adapters/dynamo/keys.ts";
import { goldCoinAuction, payByOfWin } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { fillShippingAddress } from "./support/checkout.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { signedIn } from "./support/users.ts";

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe.each(PHONE_AND_DESKTOP)("the ship-by guarantee at %s size", (label, viewport) => {
  it("checkout repeats the address with free shipping; a late order is cancelled and refunded", async () => {
    const seller = await signedIn("seller", { approved: true, viewport });
    const winner = await signedIn("buyer", { bidBalance: 2, viewport });
    const admin = await signedIn("admin", { viewport });
    const auction = await goldCoinAuction(seller, `Ship-by Eagle ${label}`, 3, "Ship-by Vault");
    expect((await winner.page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} })).status()).toBe(
      200,
    );
    const seen = problems(winner.page);
    await payByOfWin(winner.page, auction.id, 20_000);

    await winner.page.goto(`/order-checkout/${auction.id}`);
    const summary = winner.page.getByTestId("order-summary");
    await winner.page.getByTestId("total-due").waitFor();
    expect(await summary.textContent()).toContain("ShippingFree, insured");
    await fillShippingAddress(winner.page);
    await winner.page.getByRole("button", { name: "Continue to Payment" }).click();
    const shipTo = winner.page.getByTestId("payment-ship-to");
    await shipTo.waitFor();
    expect(await shipTo.textContent()).toContain("Homer Simpson742 Evergreen TerraceSpringfield, OR 97403");
    expect(await shipTo.textContent()).toContain("Free insured shipping, signature on delivery.");
    await winner.page.getByLabel("Card number").waitFor();
    expect(await axeFindings(winner.page, `payment step with the address (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/ship-by-payment-${label}.png` });
    await winner.page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await winner.page.getByRole("button", { name: "Pay $1.51" }).click();
    await winner.page.waitForURL("**/orders");

    const order = winner.page.locator('[data-testid="order"]').first();
    const note = order.getByTestId("ship-by");
    await note.waitFor();
    expect(await note.textContent()).toMatch(/^Ship by .+: if the seller has not shipped it by then/);
    expect(await order.getByRole("button", { name: "Cancel and refund" }).count()).toBe(0);
    expect(await axeFindings(winner.page, `orders with ship-by (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/ship-by-orders-${label}.png` });

    // The ship-by moment passes without a shipment.
    const orderId = await order.getAttribute("data-order-id");
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.order(orderId ?? ""),
        UpdateExpression: "SET shipBy = :past",
        ExpressionAttributeValues: { ":past": Date.now() - 60_000 },
      }),
    );
    await winner.page.reload();
    await order.locator('[data-testid="ship-by"][data-late="true"]').waitFor();
    await order.getByRole("button", { name: "Cancel and refund" }).click();
    const dialog = winner.page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("$1.51 goes back to your card in full");
    expect(await axeFindings(winner.page, `cancel confirmation (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/ship-by-confirm-${label}.png` });
    await dialog.getByRole("button", { name: "Cancel and refund" }).click();
    await order.locator('[data-testid="ship-by"][data-cancelled="true"]').waitFor();
    expect(await order.getByTestId("ship-by").textContent()).toContain("$1.51 refunded to your card");
    expect(await order.getByTestId("payment-status").textContent()).toBe("Refunded");
    // The bid spent on the auction is back in the header's balance (2 given, 1 spent, 1 back).
    await winner.page.getByText("2 Bids").first().waitFor();
    expect(await axeFindings(winner.page, `orders, cancelled (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/ship-by-cancelled-${label}.png` });
    expect(seen).toEqual([]);

    // The admin sees it among the late orders.
    const adminSeen = problems(admin.page);
    await admin.page.goto("/admin");
    await admin.page
      .getByRole("tab", { name: /^Auctions/ })
      .first()
      .click();
    const late = admin.page.locator(`[data-testid="late-order"][data-order-id="${orderId}"]`);
    await late.waitFor();
    expect(await late.textContent()).toContain("Cancelled by the buyer and refunded");
    expect(await axeFindings(admin.page, `admin late orders (${label})`)).toEqual([]);
    if (SCREENSHOTS) await admin.page.screenshot({ path: `${SCREENSHOTS}/ship-by-admin-${label}.png` });
    expect(adminSeen).toEqual([]);

    // The Shipping Information page states the rules.
    await winner.page.goto("/shipping");
    await winner.page.getByRole("heading", { name: "Handling time and the ship-by guarantee" }).waitFor();
    for (const heading of ["What shipping costs", "Insurance", "Signature on delivery", "Packaging"])
      expect(await winner.page.getByRole("heading", { name: heading }).count()).toBe(1);
    // The days come from /api/config, which may answer after the headings are drawn.
    await winner.page
      .locator("main")
      .getByText(/within 5 days of your payment/)
      .waitFor();
    expect(await axeFindings(winner.page, `shipping information (${label})`)).toEqual([]);
    if (SCREENSHOTS) await winner.page.screenshot({ path: `${SCREENSHOTS}/ship-by-shipping-${label}.png` });
  }, 90_000);
});
