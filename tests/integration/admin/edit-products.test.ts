/**
 * PATCH /api/admin/products/{id} through the real handlers: any of a product's fields, with creation's
 * validation, before and after approval (the live auction shows the edit at once); once the auction has
 * a bid, the fields bidders rely on (metal, weight, purity, starting price) are 409 naming the field,
 * and nothing changes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "#shared/schemas/admin";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { ProductView } from "#shared/schemas/seller";
import { placeBid } from "../../../functions/usecases/bidding/place-bid.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { anonymous, approvedSeller, signUp, submittedProduct, type TestUser } from "./fixtures.ts";

useFreshTable("admin-edit-products");

let admin: TestUser;
let seller: TestUser;
beforeAll(async () => {
  admin = await signUp("admin");
  seller = await approvedSeller(admin);
});

const edit = (id: string, body: unknown) =>
  admin.call<AdminProduct & { message?: string; field?: string }>({
    method: "PATCH",
    path: `/api/admin/products/${id}`,
    body,
  });
const approve = async (id: string) =>
  (await admin.call<ProductView>({ method: "POST", path: `/api/admin/products/${id}/approve` })).body
    .auctionId!;
const auctionOf = async (auctionId: string) =>
  (await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auctionId}` })).body;
const storedProduct = async (id: string) =>
  (await admin.call<AdminProduct[]>({ method: "GET", path: "/api/admin/products" })).body.find(
    (p) => p.id === id,
  );

describe("PATCH /api/admin/products/{id}", () => {
  it("edits a pending product's fields, leaving the others, and clears weight with an empty one", async () => {
    const product = await submittedProduct(seller, { weight: "1oz", purity: "99.9%" });
    const res = await edit(product.id, { name: "2 oz Silver Eagle", startingPrice: "0.75", weight: "" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: product.id,
      name: "2 oz Silver Eagle",
      startingPrice: "0.75",
      purity: "99.9%",
      description: product.description,
      status: "pending",
    });
    expect(res.body.weight).toBeUndefined();
    expect(await storedProduct(product.id)).toMatchObject({
      name: "2 oz Silver Eagle",
      startingPrice: "0.75",
    });
  });

  it("edits an approved product and its live auction together (no bid yet: the price follows the start)", async () => {
    const product = await submittedProduct(seller, { buyNowStock: 2 });
    const auctionId = await approve(product.id);
    const res = await edit(product.id, {
      name: "Renamed Eagle",
      description: "Edited description.",
      imageUrl: "/images/products/silver-bullion.svg",
      metalType: "gold",
      purity: "99.99%",
      startingPrice: "1.25",
      retailPrice: "45.00",
      buyNowStock: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("approved");
    const auction = await auctionOf(auctionId);
    expect(auction).toMatchObject({
      startingPrice: "1.25",
      currentPrice: "1.25",
      retailPrice: "45.00",
      buyNowStockLeft: 5,
    });
    expect(auction.product).toMatchObject({
      name: "Renamed Eagle",
      description: "Edited description.",
      metalType: "gold",
      purity: "99.99%",
      imageUrl: "/images/products/silver-bullion.svg",
    });
  });

  it.each([
    ["metalType", { metalType: "platinum" }],
    ["weight", { weight: "2oz" }],
    ["purity", { purity: "90%" }],
    ["startingPrice", { startingPrice: "3.00" }],
  ])(
    "once the auction has a bid, refuses a new %s with 409 naming it, changing nothing",
    async (field, change) => {
      const product = await submittedProduct(seller, { weight: "1oz", purity: "99.9%" });
      const auctionId = await approve(product.id);
      const bidder = await signUp("buyer", 5);
      await placeBid({ auctionId, bidder: { id: bidder.id, username: bidder.username } });
      const before = await auctionOf(auctionId);

      const res = await edit(product.id, { ...change, name: "Not applied" });
      expect(res.status).toBe(409);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toBe(`${field}: cannot change once the auction has a bid`);
      expect((await storedProduct(product.id))?.name).toBe(product.name);
      expect(await auctionOf(auctionId)).toMatchObject({
        currentPrice: before.currentPrice,
        product: { name: product.name },
      });
    },
  );

  it("after a bid, still edits the other fields, and accepts the bidders' fields sent back unchanged", async () => {
    const product = await submittedProduct(seller, { weight: "1oz", purity: "99.9%" });
    const auctionId = await approve(product.id);
    const bidder = await signUp("buyer", 5);
    await placeBid({ auctionId, bidder: { id: bidder.id, username: bidder.username } });
    // What the edit form sends: every field, only the name and description changed.
    const res = await edit(product.id, {
      name: "Edited after a bid",
      description: "Still a silver coin.",
      metalType: product.metalType,
      weight: "1oz",
      purity: "99.9%",
      imageUrl: product.imageUrl,
      startingPrice: product.startingPrice,
      retailPrice: product.retailPrice,
      buyNowStock: product.buyNowStock,
    });
    expect(res.status).toBe(200);
    const auction = await auctionOf(auctionId);
    expect(auction.product.name).toBe("Edited after a bid");
    expect(auction.totalBids).toBe(1);
  });

  it.each([
    [{ name: "" }, "name", "Required"],
    [
      { startingPrice: "0" },
      "startingPrice",
      "Starting price must be a positive amount with at most 2 decimals",
    ],
    [
      { imageUrl: "javascript:alert(1)" },
      "imageUrl",
      "Image URL must start with https:// or / (no backslashes)",
    ],
    [{ buyNowStock: 5000 }, "buyNowStock", "Buy It Now stock must be a whole number from 0 to 1000"],
    [{ metalType: "copper" }, "metalType", undefined],
    [{ status: "approved" }, "", undefined],
  ])("refuses %j with 400 as creation does, changing nothing", async (change, path, message) => {
    const product = await submittedProduct(seller);
    const res = await edit(product.id, change);
    expect(res.status).toBe(400);
    const issues = (res.body as unknown as { issues: { path: string; message: string }[] }).issues;
    expect(issues[0]?.path).toBe(path);
    if (message) expect(issues[0]?.message).toBe(message);
    expect(await storedProduct(product.id)).toMatchObject({ name: product.name, status: "pending" });
  });

  it("refuses a retail price below the stored starting price (400), an empty change (400), an unknown product (404)", async () => {
    const product = await submittedProduct(seller, { startingPrice: "5.00", retailPrice: "40.00" });
    const low = await edit(product.id, { retailPrice: "1.00" });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe("retailPrice: Retail price must be at least the starting price");
    const empty = await edit(product.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Nothing to change");
    expect((await edit("no-such-product", { name: "x" })).status).toBe(404);
  });
});
