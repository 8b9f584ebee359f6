import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { ProductView } from "#shared/schemas/seller";
import { type StartAuctionInput, startAuction } from "../../../functions/usecases/auctions/start-auction.ts";
import type { SignedIn } from "./users.ts";

/** What a test says of its product: everything but the ids and the name. */
export type ProductFields = Omit<StartAuctionInput["product"], "id" | "sellerId" | "name">;

/** The plain silver coin most tests bid on, $1.00 to start. */
export const SILVER_COIN: ProductFields = {
  description: "A one ounce .999 fine silver coin.",
  metalType: "silver",
  imageUrl: "/images/products/silver-coins.svg",
  startingPriceCents: 100,
};

/**
 * A live auction of `seller`'s, started directly (the admin's approval runs the same use case) so a
 * test can choose a duration of seconds. The product is named `name` and the start of its fresh id,
 * so runs never meet each other's auctions.
 */
export function listedAuction(
  seller: { id: string; sellerId?: string },
  name: string,
  businessName: string,
  product: ProductFields,
  timing: Omit<StartAuctionInput, "product" | "seller" | "now"> & { now?: number },
) {
  const productId = crypto.randomUUID();
  const { now = Date.now(), ...rest } = timing;
  return startAuction({
    product: {
      id: productId,
      sellerId: seller.sellerId!,
      name: `${name} ${productId.slice(0, 6)}`,
      ...product,
    },
    seller: { id: seller.sellerId!, userId: seller.id, businessName },
    ...rest,
    now,
  });
}

/** A live gold-coin auction of `seller`'s: $1.50 to start, Buy It Now at $40.00 (2 units). */
export function goldCoinAuction(
  seller: SignedIn,
  name: string,
  durationSeconds: number,
  businessName = "Winner Vault",
  { buyNowStock = 2, extensionSeconds = 2 }: { buyNowStock?: number; extensionSeconds?: number } = {},
) {
  const product: ProductFields = {
    description: "A one ounce .9999 fine gold coin.",
    metalType: "gold",
    weight: "1 oz",
    purity: ".9999",
    imageUrl: "/images/products/gold-jewelry.svg",
    startingPriceCents: 150,
    retailPriceCents: 4000,
    buyNowStock,
  };
  return listedAuction(seller, name, businessName, product, { durationSeconds, extensionSeconds });
}

/**
 * A product submitted through the seller's own route, pending until approved: one ounce, $1.50 to
 * start and $40.00 retail unless `fields` say otherwise.
 */
export async function submittedProduct(
  seller: SignedIn,
  fields: Record<string, string>,
): Promise<ProductView> {
  const submitted = await seller.page.request.post("/api/seller/products", {
    data: { weight: "1 oz", startingPrice: "1.50", retailPrice: "40.00", ...fields },
  });
  expect(submitted.status()).toBe(201);
  return (await submitted.json()) as ProductView;
}

/**
 * The payment deadline of the page's user's win of `auctionId`, once their wins list shows it (reading the
 * list finalizes a win whose end has passed).
 */
export async function payByOfWin(page: Page, auctionId: string, timeout: number): Promise<string> {
  let payBy = "";
  await expect
    .poll(
      async () => {
        const wins = (await (await page.request.get("/api/auctions/won")).json()) as {
          id: string;
          payBy: string | null;
        }[];
        payBy = wins.find((w) => w.id === auctionId)?.payBy ?? "";
        return payBy !== "";
      },
      { timeout, interval: 250 },
    )
    .toBe(true);
  return payBy;
}
