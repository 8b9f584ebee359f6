/**
 * In Chromium through the whole local stack: the admin's Bid Packages tab creates a package, edits it
 * and deactivates it, and the public /bid-packages page follows each step; the tab and its dialog are
 * axe-clean and do not scroll sideways at 360 px.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { updateBidPackage } from "../../functions/adapters/dynamo/packages-repo.ts";
import { axeFindings } from "./support/axe.ts";
import { animationsDone, newPage } from "./support/browser.ts";
import { submitRefused } from "./support/forms.ts";
import { toast } from "./support/toasts.ts";
import { signedIn } from "./support/users.ts";

async function openTab(page: Page) {
  await page.goto("/admin");
  await page.getByRole("tab", { name: /^Bid Packages/ }).click();
  await page.getByTestId("admin-bid-package").first().waitFor({ timeout: 15_000 });
}

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const suffix = Math.random().toString(36).slice(2, 8);
const name = `Vault ${suffix}`;
const id = `vault-${suffix}`;

// The other browser tests expect the three seeded packages on sale: never leave this one active.
afterAll(async () => {
  await updateBidPackage(id, { active: false }, Date.now());
});

describe("the admin's Bid Packages tab", () => {
  it("creates a package, edits it and deactivates it, and the public packages page follows", async () => {
    const admin = await signedIn("admin");
    const page = admin.page;
    await openTab(page);
    const cards = page.getByTestId("admin-bid-package");
    // The seeded packages are listed with their state.
    expect(await cards.filter({ hasText: "Starter" }).first().textContent()).toContain("Active");

    // Add Package: the shared schema's messages, then a valid package.
    await page.getByRole("button", { name: "Add Package" }).click();
    const add = page.getByRole("dialog", { name: "Add Package" });
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Bid Count").fill("75");
    await add.getByLabel("Price ($)").fill("0.25");
    await submitRefused(
      add,
      "Add Package",
      "Price must be an amount from 0.50 to 999999.99 with at most 2 decimals",
    );
    await add.getByLabel("Price ($)").fill("33.00");
    await add.getByLabel("Savings (%)").fill("12");
    await add.getByRole("button", { name: "Add Package" }).click();
    await toast(page, "Package created").waitFor();
    await add.waitFor({ state: "detached" });
    const card = cards.filter({ hasText: name });
    await card.waitFor();
    const created = await card.textContent();
    for (const text of ["Active", "$33.00", "75 bids", "$0.44 per bid", "Save 12%", `id: ${id}`]) {
      expect(created).toContain(text);
    }

    // Buyers see it on /bid-packages.
    const visitor = await newPage();
    await visitor.goto("/bid-packages");
    const offered = visitor.getByTestId(`package-${id}`);
    await offered.waitFor({ timeout: 15_000 });
    expect(await offered.textContent()).toContain("$33.00");
    expect(await offered.textContent()).toContain("75");

    // Edit: the dialog starts from the package; new price and bid count.
    await card.getByRole("button", { name: `Edit ${name}` }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Package" });
    expect(await editDialog.getByLabel("Price ($)").inputValue()).toBe("33.00");
    expect(await editDialog.getByLabel("Bid Count").inputValue()).toBe("75");
    await editDialog.getByLabel("Price ($)").fill("36.00");
    await editDialog.getByLabel("Bid Count").fill("90");
    await editDialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Package updated")
      .filter({ hasText: `${name}: 90 bids for $36.00` })
      .waitFor();
    await editDialog.waitFor({ state: "detached" });
    await expect.poll(() => card.textContent()).toContain("$36.00");
    expect(await card.textContent()).toContain("90 bids");

    await visitor.reload();
    await offered.waitFor({ timeout: 15_000 });
    expect(await offered.textContent()).toContain("$36.00");
    expect(await offered.textContent()).toContain("90");

    // Deactivate, after a confirmation: gone from the public page, still listed for the admin.
    await card.getByRole("button", { name: `Deactivate ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
    await toast(page, "Package deactivated").waitFor();
    await card.getByRole("button", { name: `Activate ${name}` }).waitFor();
    expect(await card.textContent()).toContain("Inactive");
    await page.getByLabel("Filter packages by status").selectOption("inactive");
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByLabel("Filter packages by status").selectOption("all");

    await visitor.reload();
    await visitor.getByTestId("package-starter").waitFor({ timeout: 15_000 });
    expect(await visitor.getByTestId(`package-${id}`).count()).toBe(0);

    // Nobody can start buying it any more.
    const buyer = await signedIn("buyer");
    const refused = await buyer.page.request.post("/api/create-payment-intent", { data: { packageId: id } });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe("This bid package is no longer available");
  });

  it("at 360 px the tab and its dialog fit the screen, and axe-core finds nothing", async () => {
    const admin = await signedIn("admin", { viewport: { width: 360, height: 740 } });
    const page = admin.page;
    await openTab(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    const findings = await axeFindings(page, "Bid Packages tab");

    await page
      .getByTestId("admin-bid-package")
      .filter({ hasText: "Starter" })
      .getByRole("button", { name: "Edit Starter" })
      .click();
    await page.getByRole("dialog", { name: "Edit Package" }).waitFor();
    await animationsDone(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    findings.push(...(await axeFindings(page, "Edit Package dialog")));
    expect(findings).toEqual([]);
  });
});
