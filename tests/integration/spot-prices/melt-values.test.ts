/**
 * Spot prices and melt values: GET /api/spot-prices, an admin's PUT /api/admin/spot-prices/{metal},
 * the scheduled fetch (a failed or bad one keeps the last good price), and the melt value of each
 * auction payload whose product has a fine content, absent once the spot price is stale.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AuctionDetail, AuctionSummary } from "#shared/schemas/auctions";
import type { ProductView } from "#shared/schemas/seller";
import type { SpotPricesView } from "#shared/schemas/spot-prices";
import { spotKeys } from "../../../functions/adapters/dynamo/keys.ts";
import {
  installSpotPriceProvider,
  type SpotPriceProvider,
} from "../../../functions/adapters/spot-prices/spot-price-provider.ts";
import { fetchSpotPrices } from "../../../functions/usecases/spot-prices/spot-prices.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { localSpotPriceProvider } from "../../../scripts/local/spot-price-feed.ts";
import { approvedSeller, submittedProduct } from "../admin/fixtures.ts";
import { recordingClock, type TestUser, testUser } from "../auctions/fixtures.ts";
import { auctionOf } from "../support/actors.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { putItem, readItem } from "../support/raw-table.ts";

useFreshTable("spot-prices");

let admin: TestUser;
let seller: TestUser;
beforeAll(async () => {
  admin = await testUser("admin");
  seller = await testUser("seller");
});
afterEach(() => installSpotPriceProvider(null));

const setSpot = (metal: string, body: unknown, as: TestUser = admin) =>
  as.call<{ usdPerOz?: string; source?: string; message?: string }>({
    method: "PUT",
    path: `/api/admin/spot-prices/${metal}`,
    body,
  });

const spotPrices = async () => {
  const res = await invokeRoute<SpotPricesView>({ method: "GET", path: "/api/spot-prices" });
  expect(res.status).toBe(200);
  return res;
};

const auctionWith = (metalType: "gold" | "silver" | "platinum" | "mixed", weight: string, purity: string) =>
  auctionOf(seller, {
    product: {
      name: `${weight} ${metalType}`,
      description: "A test item.",
      metalType,
      weight,
      purity,
      imageUrl: "/images/products/gold-coins.svg",
      startingPriceCents: 100,
    },
    durationSeconds: 3600,
    now: Date.now(),
    clock: recordingClock(),
  });

const detail = async (id: string) => {
  const res = await invokeRoute<AuctionDetail>({ method: "GET", path: `/api/auctions/${id}` });
  expect(res.status).toBe(200);
  return res.body;
};

describe("melt values on auction payloads", () => {
  it("values each fine content at its metal's spot price, to the cent", async () => {
    expect((await setSpot("gold", { usdPerOz: "2650.00" })).status).toBe(200);
    expect((await setSpot("silver", { usdPerOz: "31.25" })).status).toBe(200);
    const bullion = await auctionWith("gold", "1 oz", "99.99%");
    const bar = await auctionWith("silver", "10 oz", ".999");
    const ring = await auctionWith("gold", "0.25 oz", "14K");

    const one = await detail(bullion.id);
    expect(one.product.fineOz).toBe(0.9999);
    expect(one.meltValue).toEqual({ usd: "2649.74", spotUsdPerOz: "2650.00", at: expect.any(String) });
    expect((await detail(bar.id)).meltValue?.usd).toBe("312.19");
    const karat = await detail(ring.id);
    expect(karat.product.fineOz).toBe(0.1458);
    // The unrounded 0.14583… oz, not 0.1458 (which would give 386.37).
    expect(karat.meltValue?.usd).toBe("386.46");

    const list = await invokeRoute<AuctionSummary[]>({ method: "GET", path: "/api/auctions" });
    expect(list.body.find((a) => a.id === bar.id)?.meltValue?.usd).toBe("312.19");
  });

  it("values the seller's and the admin's product views the same way", async () => {
    const approved = await approvedSeller(admin);
    const product = await submittedProduct(approved, { weight: "10 oz", purity: ".999" });
    expect(product.fineOz).toBe(9.99);
    const mine = await approved.call<ProductView[]>({ method: "GET", path: "/api/seller/products" });
    expect(mine.body.find((p) => p.id === product.id)?.meltValue?.usd).toBe("312.19");
    const pending = await admin.call<ProductView[]>({ method: "GET", path: "/api/admin/products/pending" });
    expect(pending.body.find((p) => p.id === product.id)).toMatchObject({
      fineOz: 9.99,
      meltValue: { usd: "312.19", spotUsdPerOz: "31.25" },
    });
  });

  it("carries none where the fine content cannot be derived", async () => {
    const mixed = await auctionWith("mixed", "1 oz", "99.99%");
    const unknown = await auctionWith("gold", "1 coin", "99.99%");
    for (const id of [mixed.id, unknown.id]) {
      const auction = await detail(id);
      expect(auction.product.fineOz).toBeNull();
      expect(auction).not.toHaveProperty("meltValue");
    }
  });

  it("carries none once the metal's spot price is over an hour old", async () => {
    const coin = await auctionWith("platinum", "1 oz", "99.95%");
    const old = new Date(Date.now() - 61 * 60 * 1000).toISOString();
    const current = (await readItem(spotKeys.current())) ?? {};
    await putItem({
      ...current,
      ...spotKeys.current(),
      platinum: { centsPerOz: 98_000, at: old, source: "metals.dev" },
    });

    expect((await detail(coin.id)).product.fineOz).toBe(0.9995);
    expect(await detail(coin.id)).not.toHaveProperty("meltValue");
    expect((await spotPrices()).body.platinum).toEqual({
      usdPerOz: "980.00",
      at: old,
      source: "metals.dev",
      stale: true,
    });
  });
});

describe("GET /api/spot-prices", () => {
  it("is public and cached at the edge for a minute", async () => {
    const res = await spotPrices();
    expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    expect(res.body.gold).toMatchObject({ usdPerOz: "2650.00", source: "manual", stale: false });
  });
});

describe("PUT /api/admin/spot-prices/{metal}", () => {
  it("refuses a metal or price it cannot use with a clear message, and changes nothing", async () => {
    const before = await readItem(spotKeys.current());
    const metal = await setSpot("copper", { usdPerOz: "4.00" });
    expect(metal.status).toBe(400);
    expect(metal.body.message).toBe("Metal must be one of gold, silver, platinum");
    for (const body of [{ usdPerOz: "-5" }, { usdPerOz: "abc" }, { usdPerOz: 2650 }, {}]) {
      const res = await setSpot("gold", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("usdPerOz: must be a dollar amount above 0, such as 2650.00");
    }
    expect(await readItem(spotKeys.current())).toEqual(before);
  });

  it("is for admins only", async () => {
    const buyer = await testUser("buyer");
    expect((await setSpot("gold", { usdPerOz: "1.00" }, buyer)).status).toBe(403);
    expect((await spotPrices()).body.gold?.usdPerOz).toBe("2650.00");
  });
});

describe("the scheduled fetch", () => {
  const failing: SpotPriceProvider = {
    name: "metals.dev",
    latest: async () => {
      throw new Error("503 Service Unavailable");
    },
  };
  const noDelay = { attempts: 3 };

  it("takes the provider's prices and keeps each reading", async () => {
    const now = Date.now() + 1_000;
    const result = await fetchSpotPrices(now, localSpotPriceProvider, noDelay);
    expect(result.accepted.sort()).toEqual(["gold", "platinum", "silver"]);
    const prices = (await spotPrices()).body;
    expect(prices.silver).toMatchObject({
      source: "local feed",
      stale: false,
      at: new Date(now).toISOString(),
    });
    expect(
      await readItem(spotKeys.reading("silver", new Date(now).toISOString(), "local feed")),
    ).toMatchObject({
      metal: "silver",
    });
  });

  it("retries a failing provider, then fails the run and keeps the last good price", async () => {
    const before = (await spotPrices()).body;
    let calls = 0;
    const counting: SpotPriceProvider = {
      name: failing.name,
      latest: (now) => {
        calls += 1;
        return failing.latest(now);
      },
    };
    await expect(fetchSpotPrices(Date.now() + 2_000, counting, noDelay)).rejects.toThrow("503");
    expect(calls).toBe(3);
    expect((await spotPrices()).body).toEqual(before);
  });

  it("never replaces a good price with a bad reading, and keeps the bad one with its problem", async () => {
    const before = (await spotPrices()).body;
    const at = Date.now() + 3_000;
    const bad: SpotPriceProvider = {
      name: "metals.dev",
      latest: async () => [
        { metal: "gold", usdPerOz: Number.NaN, at },
        { metal: "silver", usdPerOz: 0, at },
        // 10 times the fresh price: a unit slip, not a market.
        { metal: "platinum", usdPerOz: Number(before.platinum?.usdPerOz) * 10, at },
      ],
    };
    const result = await fetchSpotPrices(at, bad, noDelay);
    expect(result.accepted).toEqual([]);
    expect(result.rejected.map((r) => r.problem)).toEqual([
      "not a price",
      "not a price",
      "too far from the current price",
    ]);
    expect((await spotPrices()).body).toEqual(before);
    expect(await readItem(spotKeys.reading("gold", new Date(at).toISOString(), "metals.dev"))).toMatchObject({
      problem: "not a price",
    });
  });
});
