/**
 * Server search on the admin lists: `?q=` keeps the items holding every word (any case) and answers a
 * page; paging a search skips nothing and repeats nothing; a search too long is 400.
 */
import { describe, expect, it } from "vitest";
import type { AdminProduct, AdminUser } from "#shared/schemas/admin";
import type { AuctionSummary } from "#shared/schemas/auctions";
import type { Page } from "#shared/schemas/pages";
import { walkPages } from "../support/cursor-pages.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { approvedSeller, signUp, submittedProduct, type TestUser } from "./fixtures.ts";

useFreshTable("admin-search");

const named = (username: string, role: AdminUser["role"] = "buyer") => signUp(role, 0, username);

async function get<T>(user: TestUser, path: string) {
  return user.call<Page<T>>({ method: "GET", path });
}

/** Every page of a search, following the cursor. */
const walk = <T>(user: TestUser, path: string) => walkPages<T>(user, path, { maxPages: 30 });

describe("admin search on the server", () => {
  it("finds users by username or email beyond the first page, pages the matches, and answers none", async () => {
    const admin = await signUp("admin");
    for (let i = 0; i < 5; i++) await named(`Goldbug${i}`);
    // Newer than every match, so the matches are not on the list's first page.
    for (let i = 0; i < 25; i++) await signUp();
    await named("silverfox", "seller");

    const all = await get<AdminUser>(admin, "/api/admin/users?limit=20");
    expect(all.body.items.some((u) => u.username.startsWith("Goldbug"))).toBe(false);

    const found = await get<AdminUser>(admin, "/api/admin/users?q=GOLDBUG");
    expect(found.status).toBe(200);
    expect(found.body.items.map((u) => u.username).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `Goldbug${i}`));
    expect(found.body.nextCursor).toBeNull();

    const pages = await walk<AdminUser>(admin, "/api/admin/users?q=goldbug&limit=2");
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((u) => u.username)).toEqual(found.body.items.map((u) => u.username));

    const byEmail = await get<AdminUser>(admin, "/api/admin/users?q=silverfox%40example");
    expect(byEmail.body.items.map((u) => u.username)).toEqual(["silverfox"]);
    const bothWords = await get<AdminUser>(admin, "/api/admin/users?q=goldbug3%20example.com");
    expect(bothWords.body.items.map((u) => u.username)).toEqual(["Goldbug3"]);
    const sellers = await get<AdminUser>(admin, "/api/admin/users?role=seller");
    expect(sellers.body.items.map((u) => u.username)).toEqual(["silverfox"]);

    const none = await get<AdminUser>(admin, "/api/admin/users?q=nobody-has-this");
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ items: [], nextCursor: null });
  });

  it("finds products by name and metal, and auctions by product, seller and bidder", async () => {
    const admin = await signUp("admin");
    const seller = await approvedSeller(admin);
    const eagle = (await submittedProduct(seller, {
      name: "American Eagle 1 oz",
      metalType: "gold",
    })) as AdminProduct;
    await submittedProduct(seller, { name: "Maple Leaf", metalType: "silver" });
    for (let i = 0; i < 3; i++) await submittedProduct(seller, { name: `Bar ${i}`, metalType: "silver" });

    const products = await get<AdminProduct>(admin, "/api/admin/products?q=eagle");
    expect(products.body.items.map((p) => p.id)).toEqual([eagle.id]);
    const silver = await get<AdminProduct>(admin, "/api/admin/products?q=silver&limit=2");
    expect(silver.body.items).toHaveLength(2);
    expect(silver.body.nextCursor).not.toBeNull();
    const pending = await get<AdminProduct>(admin, "/api/admin/products/pending?q=maple");
    expect(pending.body.items.map((p) => p.name)).toEqual(["Maple Leaf"]);

    const approved = await admin.call({ method: "POST", path: `/api/admin/products/${eagle.id}/approve` });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const auctions = await get<AuctionSummary>(admin, "/api/admin/auctions?q=american%20eagle");
    expect(auctions.body.items.map((a) => a.product.name)).toEqual(["American Eagle 1 oz"]);
    expect(auctions.body.items[0]).toMatchObject({ endsAt: expect.any(String), winner: null });
    const active = await get<AuctionSummary>(admin, "/api/admin/auctions?status=active");
    expect(active.body.items).toHaveLength(1);
    expect((await get<AuctionSummary>(admin, "/api/admin/auctions?status=won")).body.items).toEqual([]);
    expect((await get<AuctionSummary>(admin, "/api/admin/auctions?q=zzz")).body.items).toEqual([]);
  });

  it("refuses a search longer than 100 characters with 400 and says why", async () => {
    const admin = await signUp("admin");
    for (const path of [
      "/api/admin/users",
      "/api/admin/auctions",
      "/api/admin/products",
      "/api/admin/products/pending",
    ]) {
      const res = await admin.call<{ message: string }>({
        method: "GET",
        path: `${path}?q=${"a".repeat(101)}`,
      });
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body)).toContain("q must be at most 100 characters");
    }
    const fits = await admin.call({ method: "GET", path: `/api/admin/users?q=${"a".repeat(100)}` });
    expect(fits.status).toBe(200);
    const badRole = await admin.call({ method: "GET", path: "/api/admin/users?role=king" });
    expect(badRole.status).toBe(400);
  });
});
