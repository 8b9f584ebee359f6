import { beforeAll, describe, expect, it } from "vitest";
import type { AdjustBidsResponse, AdminUser, SellerApplication, UserStats } from "#shared/schemas/admin";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { CurrentUser } from "#shared/schemas/auth";
import type { ProductView } from "#shared/schemas/seller";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { placeBid } from "../../../functions/usecases/bidding/place-bid.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { anonymous, approvedSeller, getItem, signUp, submittedProduct, type TestUser } from "./fixtures.ts";

useFreshTable("admin-users");

let admin: TestUser;
beforeAll(async () => {
  admin = await signUp("admin");
});

/** A running auction: an approved seller's product, approved by the admin. Answers the auction's id. */
async function approvedProductAuction(): Promise<string> {
  const product = await submittedProduct(await approvedSeller(admin));
  const res = await admin.call<ProductView>({
    method: "POST",
    path: `/api/admin/products/${product.id}/approve`,
  });
  expect(res.status).toBe(200);
  return res.body.auctionId!;
}

const resetPassword = (userId: string, newPassword: string) =>
  admin.call({ method: "POST", path: `/api/admin/users/${userId}/reset-password`, body: { newPassword } });
const me = (user: TestUser) => user.call<CurrentUser>({ method: "GET", path: "/api/auth/me" });
const totalUsers = async () =>
  (await admin.call<UserStats>({ method: "GET", path: "/api/admin/stats/users" })).body.totalUsers;
const adjust = (userId: string, amount: unknown) =>
  admin.call<AdjustBidsResponse>({
    method: "POST",
    path: `/api/admin/users/${userId}/adjust-bids`,
    body: { amount },
  });

/** Registers through the real route (a real scrypt hash), so login can be tested. */
async function register(password = "first-password") {
  const username = `r${Math.random().toString(36).slice(2, 10)}`;
  const res = await anonymous<CurrentUser>({
    method: "POST",
    path: "/api/auth/register",
    body: { username, email: `${username}@example.com`, password, role: "buyer" },
  });
  expect(res.status).toBe(201);
  return { ...res.body, password, cookie: res.cookies[0]!.split(";")[0]! };
}

const login = (username: string, password: string) =>
  anonymous({ method: "POST", path: "/api/auth/login", body: { username, password } });

describe("listing users", () => {
  it("shows the table's columns for every user, newest first, and never a password hash or session", async () => {
    const older = await signUp("buyer", 7);
    const newer = await signUp("seller");
    const res = await admin.call<AdminUser[]>({ method: "GET", path: "/api/admin/users" });
    expect(res.status).toBe(200);
    const ids = res.body.map((u) => u.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const row = res.body.find((u) => u.id === older.id)!;
    expect(Object.keys(row).sort()).toEqual(
      [
        "bidBalance",
        "createdAt",
        "email",
        "id",
        "lastBidAt",
        "lastSeenAt",
        "paymentFlag",
        "role",
        "username",
      ].sort(),
    );
    expect(row).toMatchObject({ username: older.username, email: older.email, role: "buyer", bidBalance: 7 });
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain("passwordHash");
    expect(raw).not.toContain("not-used-by-these-tests");
    expect(raw).not.toContain(older.cookie.slice(4));
  });

  it("counts users from the counter: registrations add one", async () => {
    const before = await totalUsers();
    await signUp();
    await register();
    expect(await totalUsers()).toBe(before + 2);
  });
});

describe("resetting a password", () => {
  it("sets the new password and ends every session the user had", async () => {
    const user = await register("first-password");
    const secondLogin = await login(user.username, "first-password");
    expect(secondLogin.status).toBe(200);
    const sessions = [user.cookie, secondLogin.cookies[0]!.split(";")[0]!];
    for (const cookie of sessions) {
      expect((await anonymous({ method: "GET", path: "/api/auth/me", cookies: [cookie] })).status).toBe(200);
    }

    const res = await resetPassword(user.id, "second-password");
    expect(res.status).toBe(200);

    for (const cookie of sessions) {
      expect((await anonymous({ method: "GET", path: "/api/auth/me", cookies: [cookie] })).status).toBe(401);
    }
    expect((await login(user.username, "first-password")).status).toBe(401);
    expect((await login(user.username, "second-password")).status).toBe(200);
  });

  it("refuses a password under 8 characters, registration's minimum (400), and keeps the old one and the sessions", async () => {
    const user = await register("kept-password");
    const res = await resetPassword(user.id, "1234567");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("newPassword: Password must be at least 8 characters");
    expect((await anonymous({ method: "GET", path: "/api/auth/me", cookies: [user.cookie] })).status).toBe(
      200,
    );
    expect((await login(user.username, "kept-password")).status).toBe(200);
  });

  it("an unknown user is 404", async () => {
    const res = await resetPassword("nobody", "12345678");
    expect(res.status).toBe(404);
  });
});

describe("adjusting bid balances", () => {
  it("adds and removes credits and answers the new balance", async () => {
    const user = await signUp("buyer", 10);
    expect((await adjust(user.id, 5)).body).toEqual({ newBalance: 15 });
    expect((await adjust(user.id, -3)).body).toEqual({ newBalance: 12 });
    expect((await me(user)).body.bidBalance).toBe(12);
  });

  it("floors at 0 when more is removed than the user has", async () => {
    const user = await signUp("buyer", 4);
    const res = await adjust(user.id, -100);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ newBalance: 0 });
    expect((await me(user)).body.bidBalance).toBe(0);
    expect((await adjust(user.id, -1)).body).toEqual({ newBalance: 0 });
  });

  it.each([0, 1.5, "5", null])("refuses the amount %j with 400 and changes nothing", async (amount) => {
    const user = await signUp("buyer", 9);
    const res = await adjust(user.id, amount);
    expect(res.status).toBe(400);
    expect(typeof (res.body as unknown as { message: string }).message).toBe("string");
    expect((await me(user)).body.bidBalance).toBe(9);
  });

  it("loses no change when adjustments race each other and bids", async () => {
    const auctionId = await approvedProductAuction();
    const user = await signUp("buyer", 50);
    const other = await signUp("buyer", 50);
    // Alternate bidders so neither is refused as the highest bidder: `user` places 5 bids.
    const bids: Promise<unknown>[] = [];
    const bidSequence = async () => {
      for (let i = 0; i < 5; i++) {
        await placeBid({ auctionId, bidder: { id: user.id, username: user.username } });
        await placeBid({ auctionId, bidder: { id: other.id, username: other.username } });
      }
    };
    bids.push(bidSequence());
    const adjustments = [
      ...Array.from({ length: 10 }, () => adjust(user.id, 3)),
      ...Array.from({ length: 10 }, () => adjust(user.id, -2)),
    ];
    const results = await Promise.all([...adjustments, ...bids]);
    expect(results.slice(0, 20).every((r) => (r as { status: number }).status === 200)).toBe(true);
    // 50 + 10*3 - 10*2 - 5 bids; never near 0, so no flooring was involved.
    expect((await me(user)).body.bidBalance).toBe(55);
  });

  it("an unknown user is 404", async () => {
    expect((await adjust("nobody", 5)).status).toBe(404);
    expect((await adjust("nobody", -5)).status).toBe(404);
  });
});

describe("deleting users", () => {
  const remove = (userId: string, by = admin) =>
    by.call({ method: "DELETE", path: `/api/admin/users/${userId}` });

  it("an admin cannot delete their own account (400 with a message); it stays", async () => {
    const res = await remove(admin.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("You cannot delete your own account");
    expect((await me(admin)).status).toBe(200);
  });

  it("removes the account, ends its sessions, decrements the counter and frees the username and email", async () => {
    const user = await register("some-password");
    const before = await totalUsers();
    const res = await remove(user.id);
    expect(res.status).toBe(200);

    expect((await anonymous({ method: "GET", path: "/api/auth/me", cookies: [user.cookie] })).status).toBe(
      401,
    );
    expect((await login(user.username, "some-password")).status).toBe(401);
    expect(await totalUsers()).toBe(before - 1);
    const users = await admin.call<AdminUser[]>({ method: "GET", path: "/api/admin/users" });
    expect(users.body.some((u) => u.id === user.id)).toBe(false);
    expect(await getItem(keys.usernameGuard(user.username))).toBeUndefined();
    expect(await getItem(keys.emailGuard(user.email))).toBeUndefined();

    const again = await anonymous({
      method: "POST",
      path: "/api/auth/register",
      body: { username: user.username, email: user.email, password: "another-password", role: "buyer" },
    });
    expect(again.status).toBe(201);
    expect((again.body as CurrentUser).id).not.toBe(user.id);
  });

  it("keeps the deleted user's bids readable with their username", async () => {
    const auctionId = await approvedProductAuction();
    const bidder = await signUp("buyer", 3);
    await placeBid({ auctionId, bidder: { id: bidder.id, username: bidder.username } });

    expect((await remove(bidder.id)).status).toBe(200);
    const detail = await anonymous<AuctionDetail>({ method: "GET", path: `/api/auctions/${auctionId}` });
    expect(detail.body.totalBids).toBe(1);
    expect(detail.body.bids.map((b) => b.user.username)).toEqual([bidder.username]);
    expect(detail.body.lastBidder).toEqual({ username: bidder.username });
  });

  it("withdraws a pending seller's application with the account", async () => {
    const seller = await signUp("seller");
    expect((await remove(seller.id)).status).toBe(200);
    const pending = await admin.call<SellerApplication[]>({
      method: "GET",
      path: "/api/admin/sellers/pending",
    });
    expect(pending.body.some((s) => s.id === seller.sellerId)).toBe(false);
    expect(await getItem(keys.seller(seller.sellerId!))).toBeUndefined();
  });

  it("keeps an approved seller's profile for its auctions; its pending products can no longer go live", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    expect((await remove(seller.id)).status).toBe(200);
    expect(await getItem(keys.seller(seller.sellerId!))).toMatchObject({ status: "approved" });
    const res = await admin.call({ method: "POST", path: `/api/admin/products/${product.id}/approve` });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This product's seller account has been deleted");
  });

  it("simultaneous deletions of one user decrement the counter once", async () => {
    const user = await signUp();
    const before = await totalUsers();
    const results = await Promise.all([remove(user.id), remove(user.id), remove(user.id)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 404)).toHaveLength(2);
    expect(await totalUsers()).toBe(before - 1);
  });

  it("an unknown user is 404", async () => {
    expect((await remove("nobody")).status).toBe(404);
  });
});
