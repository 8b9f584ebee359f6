/**
 * In Chromium through the whole local stack: an approved seller uploads a photo in the Add New Product
 * dialog (a wrong type is refused first), the admin approves the product, and the photo is what the
 * auction's card shows on the home page, served from /media/ on the site's own origin; the admin's Add
 * Product dialog uploads the same way.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ProductView } from "#shared/schemas/seller";
import { newPage } from "./support/browser.ts";
import { signedIn } from "./support/users.ts";

// A 1×1 PNG: real image bytes, so the browser must decode what the stand-in serves.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** Uploads the PNG in a product dialog, checks the /media URL it fills in, submits, and returns the URL. */
async function uploadAndSubmit(dialog: Locator, fileName: string): Promise<string> {
  await dialog
    .getByLabel("Upload Photo")
    .setInputFiles({ name: fileName, mimeType: "image/png", buffer: PNG });
  await dialog.getByText("Photo uploaded.").waitFor({ timeout: 15_000 });
  const imageUrl = await dialog.getByLabel("Image URL").inputValue();
  expect(imageUrl).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\.png$/);
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await dialog.waitFor({ state: "detached" });
  return imageUrl;
}

async function pendingProducts(admin: Page): Promise<ProductView[]> {
  return (await (await admin.request.get("/api/admin/products/pending")).json()) as ProductView[];
}

describe("product photos", () => {
  it("uploads a photo in the seller's product form and shows it on the auction card once approved", async () => {
    const seller = await signedIn("seller", { approved: true });
    const admin = await signedIn("admin");
    const productName = `Photo Coin ${Math.random().toString(36).slice(2, 8)}`;

    await seller.page.goto("/seller-dashboard");
    await seller.page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = seller.page.getByRole("dialog", { name: "Add New Product" });
    await dialog.getByLabel("Product Name").fill(productName);
    await dialog.getByLabel("Description").fill("A silver coin, photographed by its seller.");
    await dialog.getByLabel("Retail Price ($)").fill("45");

    // A file that is not a photo is refused before anything is sent.
    const upload = dialog.getByLabel("Upload Photo");
    await upload.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await dialog.getByText("Photo must be a JPEG, PNG or WebP image").waitFor();
    expect(await dialog.getByLabel("Image URL").inputValue()).toBe("");

    const imageUrl = await uploadAndSubmit(dialog, "coin.png");
    const product = (await pendingProducts(admin.page)).find((p) => p.name === productName);
    expect(product?.imageUrl).toBe(imageUrl);
    const approved = await admin.page.request.post(`/api/admin/products/${product!.id}/approve`, {
      data: {},
    });
    expect(approved.status()).toBe(200);

    const visitor = await newPage();
    await visitor.goto("/");
    const card = visitor.getByTestId("auction-card").filter({ hasText: productName }).first();
    await card.waitFor({ timeout: 15_000 });
    const image = card.locator(`img[src="${imageUrl}"]`);
    await image.waitFor();
    // Card images load lazily: a card further down the grid loads its photo once it is seen.
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it("uploads a photo in the admin's product form too, and the product keeps it", async () => {
    const admin = await signedIn("admin");
    const productName = `Admin Photo Bar ${Math.random().toString(36).slice(2, 8)}`;
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: /^Products/ }).click();
    await admin.page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = admin.page.getByRole("dialog", { name: "Add Product" });
    await dialog.getByLabel("Product Name").fill(productName);
    await dialog.getByLabel("Description").fill("A silver bar, photographed by the platform.");
    await dialog.getByLabel("Starting Price ($)").fill("1.00");
    await dialog.getByLabel("Retail Price ($)").fill("45");

    const imageUrl = await uploadAndSubmit(dialog, "bar.png");
    expect((await pendingProducts(admin.page)).find((p) => p.name === productName)?.imageUrl).toBe(imageUrl);
    const served = await admin.page.request.get(imageUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
  });
});
