/**
 * The melt value on every payload that carries a fine content beyond the auction list and detail:
 * the place-bid answer, the seller's auctions, Recent winners and both sides' orders.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { EndedAuctionsPage, PlaceBidResponse } from "#shared/schemas/auctions";
import type { OrderView } from "#shared/schemas/orders";
import type { SellerAuction } from "#shared/schemas/seller";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { approvedSeller, signUp, type TestUser } from "../admin/fixtures.ts";
import { shippingAddress } from "../orders/fixtures.ts";
import { auctionOf, bidInTurn } from "../support/actors.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("melt-everywhere");

let admin: TestUser;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  admin = await signUp("admin");
  seller = await approvedSeller(admin);
  buyer = await signUp("buyer", 10);
  const spot = await admin.call({
    method: "PUT",
    path: "/api/admin/spot-prices/silver",
    body: { usdPerOz: "31.25" },
  });
  expect(spot.status).toBe(200);
});

/** 10 oz of .999 silver at $31.25: $312.19 (9.99 oz fine). */
const silverBar = (startedAt: number, durationSeconds: number) =>
  auctionOf(seller, {
    product: {
      name: `10 oz Silver Bar ${Math.random().toString(36).slice(2, 6)}`,
      description: "Ten ounces of silver.",
      metalType: "silver",
      weight: "10 oz",
      purity: ".999",
      imageUrl: "/images/products/silver-bullion.svg",
      startingPriceCents: 100,
    },
    durationSeconds,
    now: startedAt,
  });

const MELT = { usd: "312.19", spotUsdPerOz: "31.25", at: expect.any(String) };

describe("melt value beyond the auction list and detail", () => {
  it("is on the place-bid answer and the seller's auctions", async () => {
    const auction = await silverBar(Date.now(), 3600);
    const bid = await buyer.call<PlaceBidResponse>({
      method: "POST",
      path: `/api/auctions/${auction.id}/bid`,
    });
    expect(bid.status).toBe(200);
    expect(bid.body.auction.meltValue).toEqual(MELT);

    const mine = await seller.call<SellerAuction[]>({ method: "GET", path: "/api/seller/auctions" });
    expect(mine.status).toBe(200);
    const row = mine.body.find((a) => a.id === auction.id);
    expect(row?.product.fineOz).toBe(9.99);
    expect(row?.meltValue).toEqual(MELT);
  });

  it("is on Recent winners and on the buyer's and the seller's orders", async () => {
    const startedAt = Date.now() - 120_000;
    const auction = await silverBar(startedAt, 60);
    await bidInTurn(auction.id, [buyer], startedAt);

    const created = await buyer.call<OrderView>({
      method: "POST",
      path: "/api/orders",
      body: { auctionId: auction.id, ...shippingAddress },
    });
    expect(created.status).toBe(200);
    expect(created.body.auction.product.fineOz).toBe(9.99);

    const winners = await invokeRoute<EndedAuctionsPage>({ method: "GET", path: "/api/auctions/ended" });
    const win = winners.body.items.find((a) => a.id === auction.id);
    expect(win?.product.fineOz).toBe(9.99);
    expect(win?.meltValue).toEqual(MELT);

    const bought = await buyer.call<OrderView[]>({ method: "GET", path: "/api/orders/buyer" });
    const sold = await seller.call<OrderView[]>({ method: "GET", path: "/api/orders/seller" });
    for (const orders of [bought.body, sold.body]) {
      const order = orders.find((o) => o.auctionId === auction.id);
      expect(order?.auction.product.fineOz).toBe(9.99);
      expect(order?.auction.meltValue).toEqual(MELT);
    }
  });
});
