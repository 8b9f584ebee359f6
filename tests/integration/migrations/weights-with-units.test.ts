/** npm run migrate:weights: stored weights without a unit, in products and their auctions' copies, get one. */
import { describe, expect, it } from "vitest";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { migrateWeights } from "../../../scripts/migrations/weights-with-units.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { putItem, readItem } from "../support/raw-table.ts";

useFreshTable("migrate-weights");

describe("weights with units", () => {
  it("rewrites products and auctions, leaves what already has a unit, and lists before it writes", async () => {
    await putItem({ ...keys.product("p1"), type: "product", weight: "2", purity: ".999" });
    await putItem({ ...keys.product("p2"), type: "product", weight: "1 oz" });
    await putItem({ ...keys.auction("a1"), type: "auction", product: { id: "p3", weight: "1oz" } });

    expect(await migrateWeights(true)).toBe(2);
    expect((await readItem(keys.product("p1")))?.weight).toBe("2");

    expect(await migrateWeights(false)).toBe(2);
    expect((await readItem(keys.product("p1")))?.weight).toBe("2 oz");
    expect((await readItem(keys.product("p2")))?.weight).toBe("1 oz");
    expect((await readItem(keys.auction("a1")))?.product).toEqual({ id: "p3", weight: "1 oz" });
    expect(await migrateWeights(false)).toBe(0);
  });
});
