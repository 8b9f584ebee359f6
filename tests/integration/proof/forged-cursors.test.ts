/**
 * Every paged list refuses a cursor it could not have handed out with 400 "Invalid cursor: start again
 * without one", before any read: an empty key attribute (which DynamoDB would answer with a
 * ValidationException, a 500), a missing one, a key of another kind of item, or a sort key that is not
 * `<time>#<id>`. A cursor shaped exactly like the list's own (an id that happens not to exist) pages on.
 */
import { describe, expect, it } from "vitest";
import { APPROVAL_STATUSES, AUCTION_STATUSES } from "#shared/constants";
import type { ItemKey } from "../../../functions/adapters/dynamo/index-lists.ts";
import { indexKeys, keys } from "../../../functions/adapters/dynamo/keys.ts";
import { anonymous, signUp, type TestUser } from "../admin/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { tableCallsDuring } from "../support/table-calls.ts";

useFreshTable("forged-cursors");

interface PagedList {
  path: string;
  caller: TestUser | null;
  index: "gsi1" | "gsi2" | "gsi3";
  partitions: string[];
  itemKey: (id: string) => ItemKey;
  /** A key of another kind of item, for the "foreign" cursor. */
  foreignKey: (id: string) => ItemKey;
}

function cursorOf(positions: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(positions)).toString("base64url");
}

/** The Queries sent while `run` runs. */
async function queriesDuring(run: () => Promise<unknown>): Promise<number> {
  return (await tableCallsDuring(run)).filter((c) => c.command === "QueryCommand").length;
}

async function lists(): Promise<PagedList[]> {
  const admin = await signUp("admin");
  const buyer = await signUp("buyer");
  const seller = await signUp("seller");
  const sellerId = seller.sellerId!;
  const auctions = AUCTION_STATUSES.map((s) => indexKeys.auctionsByStatus(s));
  const products = APPROVAL_STATUSES.map((s) => indexKeys.productsByStatus(s));
  return [
    {
      path: "/api/auctions",
      caller: null,
      index: "gsi3",
      partitions: [indexKeys.liveAuctions()],
      itemKey: keys.auction,
      foreignKey: keys.user,
    },
    {
      path: "/api/auctions/won",
      caller: buyer,
      index: "gsi3",
      partitions: [indexKeys.userWins(buyer.id)],
      itemKey: keys.auction,
      foreignKey: keys.order,
    },
    {
      path: "/api/orders/buyer",
      caller: buyer,
      index: "gsi3",
      partitions: [indexKeys.buyerOrders(buyer.id)],
      itemKey: keys.order,
      foreignKey: keys.auction,
    },
    {
      path: "/api/orders/seller",
      caller: seller,
      index: "gsi2",
      partitions: [indexKeys.sellerOrders(sellerId)],
      itemKey: keys.order,
      foreignKey: keys.product,
    },
    {
      path: "/api/seller/products",
      caller: seller,
      index: "gsi2",
      partitions: [indexKeys.sellerProducts(sellerId)],
      itemKey: keys.product,
      foreignKey: keys.auction,
    },
    {
      path: "/api/seller/auctions",
      caller: seller,
      index: "gsi2",
      partitions: [indexKeys.sellerAuctions(sellerId)],
      itemKey: keys.auction,
      foreignKey: keys.product,
    },
    {
      path: "/api/admin/users",
      caller: admin,
      index: "gsi1",
      partitions: [indexKeys.users()],
      itemKey: keys.user,
      foreignKey: keys.seller,
    },
    {
      path: "/api/admin/sellers/pending",
      caller: admin,
      index: "gsi1",
      partitions: [indexKeys.sellersByStatus("pending")],
      itemKey: keys.seller,
      foreignKey: keys.user,
    },
    {
      path: "/api/admin/products",
      caller: admin,
      index: "gsi1",
      partitions: products,
      itemKey: keys.product,
      foreignKey: keys.order,
    },
    {
      path: "/api/admin/products/pending",
      caller: admin,
      index: "gsi1",
      partitions: [indexKeys.productsByStatus("pending")],
      itemKey: keys.product,
      foreignKey: keys.order,
    },
    {
      path: "/api/admin/auctions",
      caller: admin,
      index: "gsi1",
      partitions: auctions,
      itemKey: keys.auction,
      foreignKey: keys.product,
    },
  ];
}

/** Cursors naming `key` as the last entry taken from the list's first partition. */
function cursorAt(list: PagedList, key: Record<string, unknown>): string {
  const [first, ...rest] = list.partitions;
  return cursorOf({ [first!]: key, ...Object.fromEntries(rest.map((p) => [p, null])) });
}

function forgedCursors(list: PagedList): Record<string, string> {
  const id = crypto.randomUUID();
  const partition = list.partitions[0]!;
  const sortKey = `2026-11-27T10:00:00.000Z#${id}`;
  const own: Record<string, unknown> = {
    ...list.itemKey(id),
    [`${list.index}pk`]: partition,
    [`${list.index}sk`]: sortKey,
  };
  const { [`${list.index}sk`]: _sk, ...missingSortKey } = own;
  const { pk: _pk, ...missingPk } = own;
  return {
    "empty index sort key": cursorAt(list, { ...own, [`${list.index}sk`]: "" }),
    "empty pk": cursorAt(list, { ...own, pk: "" }),
    "empty sk": cursorAt(list, { ...own, sk: "" }),
    "missing index sort key": cursorAt(list, missingSortKey),
    "missing pk": cursorAt(list, missingPk),
    "a key of another kind of item": cursorAt(list, { ...own, ...list.foreignKey(id) }),
    "another item's id in the table key": cursorAt(list, { ...own, ...list.itemKey(crypto.randomUUID()) }),
    "a sort key that is not <time>#<id>": cursorAt(list, { ...own, [`${list.index}sk`]: id }),
    "a number for the sort key": cursorAt(list, { ...own, [`${list.index}sk`]: 5 }),
    "a key from another list's partition": cursorAt(list, { ...own, [`${list.index}pk`]: "USERS#x" }),
  };
}

describe("a forged cursor", () => {
  it("is 400 on every paged list, before any read; the list's own shape pages on", async () => {
    for (const list of await lists()) {
      const call = (cursor: string) => {
        const request = { method: "GET", path: `${list.path}?limit=2&cursor=${encodeURIComponent(cursor)}` };
        return list.caller ? list.caller.call(request) : anonymous(request);
      };
      for (const [what, cursor] of Object.entries(forgedCursors(list))) {
        let res: Awaited<ReturnType<typeof call>> | undefined;
        const queries = await queriesDuring(async () => {
          res = await call(cursor);
        });
        expect(res!.status, `${list.path}: ${what}`).toBe(400);
        expect(res!.body, `${list.path}: ${what}`).toEqual({
          message: "Invalid cursor: start again without one",
        });
        expect(queries, `${list.path}: ${what}`).toBe(0);
      }
      const id = crypto.randomUUID();
      const own = cursorAt(list, {
        ...list.itemKey(id),
        [`${list.index}pk`]: list.partitions[0],
        [`${list.index}sk`]: `2026-11-27T10:00:00.000Z#${id}`,
      });
      expect((await call(own)).status, `${list.path}: its own shape`).toBe(200);
    }
  });
});
