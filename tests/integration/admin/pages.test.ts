/**
 * Cursor pages: every list takes `?limit=` and `?cursor=`; without them it answers as it
 * always did. Walking the pages yields the unpaged list exactly once, in the same order, and each page
 * reads at most `limit` keys per index partition.
 */
import { describe, expect, it } from "vitest";
import type { AdminProduct, AdminUser } from "#shared/schemas/admin";
import type { Page } from "#shared/schemas/pages";
import { walkPages } from "../support/cursor-pages.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { queryLimitsDuring as queryLimits } from "../support/table-calls.ts";
import { approvedSeller, signUp, submittedProduct, type TestUser } from "./fixtures.ts";

useFreshTable("admin-pages");

const walk = <T>(user: TestUser, path: string, limit: number) =>
  walkPages<T>(user, `${path}?limit=${limit}`, { limit, maxPages: 50 });

describe("cursor pages", () => {
  it("walk the admin's users newest first, each user once, the same order as the whole list", async () => {
    const admin = await signUp("admin");
    for (let i = 0; i < 23; i++) await signUp();
    const whole = await admin.call<AdminUser[]>({ method: "GET", path: "/api/admin/users" });
    expect(Array.isArray(whole.body)).toBe(true);

    const pages = await walk<AdminUser>(admin, "/api/admin/users", 10);
    expect(pages.map((p) => p.length).slice(0, 2)).toEqual([10, 10]);
    expect(pages.flat().map((u) => u.id)).toEqual(whole.body.map((u) => u.id));

    const limits = await queryLimits(() => admin.call({ method: "GET", path: "/api/admin/users?limit=7" }));
    expect(limits).toEqual([7]);
    const first = await admin.call<Page<AdminUser>>({ method: "GET", path: "/api/admin/users?cursor=" });
    expect(first.status).toBe(400);
    const defaulted = await admin.call<Page<AdminUser>>({
      method: "GET",
      path: `/api/admin/users?cursor=${encodeURIComponent((await admin.call<Page<AdminUser>>({ method: "GET", path: "/api/admin/users?limit=1" })).body.nextCursor!)}`,
    });
    expect(defaulted.body.items).toHaveLength(20);
  });

  it("merge the admin's products over their status partitions in the whole list's order", async () => {
    const admin = await signUp("admin");
    const seller = await approvedSeller(admin);
    const products: AdminProduct[] = [];
    for (let i = 0; i < 7; i++)
      products.push((await submittedProduct(seller, { name: `Coin ${i}` })) as AdminProduct);
    for (const product of products.slice(0, 3)) {
      expect(
        (await admin.call({ method: "POST", path: `/api/admin/products/${product.id}/reject` })).status,
      ).toBe(200);
    }
    const whole = await admin.call<AdminProduct[]>({ method: "GET", path: "/api/admin/products" });
    const pages = await walk<AdminProduct>(admin, "/api/admin/products", 3);
    expect(pages.flat().map((p) => p.id)).toEqual(whole.body.map((p) => p.id));
    expect(new Set(pages.flat().map((p) => p.status))).toEqual(new Set(["pending", "rejected"]));

    const queue = await walk<AdminProduct>(admin, "/api/admin/products/pending", 2);
    const wholeQueue = await admin.call<AdminProduct[]>({
      method: "GET",
      path: "/api/admin/products/pending",
    });
    expect(queue.flat().map((p) => p.id)).toEqual(wholeQueue.body.map((p) => p.id));
    expect(queue.flat()).toHaveLength(4);
  });

  it("refuse a bad limit or a cursor that is not this list's with 400, reading nothing", async () => {
    const admin = await signUp("admin");
    const seller = await approvedSeller(admin);
    for (const limit of ["0", "101", "abc", "2.5"]) {
      const res = await admin.call<{ message: string }>({
        method: "GET",
        path: `/api/admin/users?limit=${limit}`,
      });
      expect(res.status, limit).toBe(400);
      expect(res.body.message).toBe("limit: limit must be a whole number from 1 to 100");
    }
    const sellerCursor = await (async () => {
      await submittedProduct(seller);
      await submittedProduct(seller);
      const res = await seller.call<Page<unknown>>({ method: "GET", path: "/api/seller/products?limit=1" });
      return res.body.nextCursor!;
    })();
    const forged = Buffer.from(
      JSON.stringify({ USERS: { pk: "USER#x", sk: "PROFILE", gsi1pk: "OTHER", gsi1sk: "x" } }),
    ).toString("base64url");
    for (const cursor of ["not-base64-json", sellerCursor, forged]) {
      let res: Awaited<ReturnType<TestUser["call"]>> | undefined;
      const limits = await queryLimits(async () => {
        res = await admin.call({
          method: "GET",
          path: `/api/admin/users?cursor=${encodeURIComponent(cursor)}`,
        });
      });
      expect(res!.status, cursor).toBe(400);
      expect(res!.body).toEqual({ message: "Invalid cursor: start again without one" });
      expect(limits).toEqual([]);
    }
  });
});
