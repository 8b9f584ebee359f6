/** npm run migrate:order-metal: an order's product copy gains its auction's weight and purity. */
import { describe, expect, it } from "vitest";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { migrateOrderProductMetal } from "../../../scripts/migrations/order-product-metal.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { putItem, readItem } from "../support/raw-table.ts";

useFreshTable("migrate-order-metal");

describe("order product metal", () => {
  it("copies the auction's weight and purity, leaves complete orders, and lists before it writes", async () => {
    await putItem({
      ...keys.auction("a1"),
      type: "auction",
      product: { id: "p1", weight: "10 oz", purity: ".999" },
    });
    await putItem({ ...keys.auction("a2"), type: "auction", product: { id: "p2" } });
    await putItem({
      ...keys.order("o1"),
      type: "order",
      auctionId: "a1",
      product: { id: "p1", name: "Bar" },
    });
    await putItem({ ...keys.order("o2"), type: "order", auctionId: "a2", product: { id: "p2" } });
    await putItem({
      ...keys.order("o3"),
      type: "order",
      auctionId: "a1",
      product: { id: "p1", weight: "1 oz" },
    });

    expect(await migrateOrderProductMetal(true)).toBe(1);
    expect((await readItem(keys.order("o1")))?.product).toEqual({ id: "p1", name: "Bar" });

    expect(await migrateOrderProductMetal(false)).toBe(1);
    expect((await readItem(keys.order("o1")))?.product).toEqual({
      id: "p1",
      name: "Bar",
      weight: "10 oz",
      purity: ".999",
    });
    expect((await readItem(keys.order("o2")))?.product).toEqual({ id: "p2" });
    expect((await readItem(keys.order("o3")))?.product).toEqual({ id: "p1", weight: "1 oz" });
    expect(await migrateOrderProductMetal(false)).toBe(0);
  });
});
