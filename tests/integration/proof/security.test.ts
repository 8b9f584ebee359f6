/**
 * Security checks beyond single routes: the session cookie's flags, CSRF through the real HTTP gateway,
 * login rate limits per (account, address) pair and per address, secrets (password hashes, session tokens and their hashes,
 * table keys) never in any answer of any route to anyone, and nobody reading or writing someone else's
 * order or product by id (the authorization matrix of tests/integration/admin, extended to ids).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminUserSchema } from "#shared/schemas/admin";
import * as z from "#shared/schemas/zod";
import { MAX_FAILED_PER_IP, MAX_FAILED_PER_PAIR } from "../../../functions/domain/login-throttle.ts";
import { hashSessionToken } from "../../../functions/domain/sessions.ts";
import { httpRoutes } from "../../../functions/routes.ts";
import { invokeRoute, type RouteResponse } from "../../../scripts/local/invoke-route.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { useLocalGateway } from "../support/local-gateway.ts";
import { clearOfLoginWindowEdge } from "../support/login-window.ts";
import { catalog, pathOf, routeKey } from "./support/route-catalog.ts";
import { type Snapshot, sessionTouch, snapshotTable, unexpectedChanges } from "./support/table-snapshot.ts";
import { buildWorld, type Caller, WORLD_PASSWORD, type World } from "./support/world.ts";

useFreshTable("proof-security");
const gateway = useLocalGateway();

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 60_000);

const login = (username: string, password: string, options: { sourceIp?: string; host?: string } = {}) =>
  invokeRoute<{ message?: string; id?: string }>({
    method: "POST",
    path: "/api/auth/login",
    body: { username, password },
    sourceIp: options.sourceIp,
    headers: options.host ? { host: options.host, origin: `https://${options.host}` } : {},
  });

async function expectNothingWritten<T>(
  send: () => Promise<RouteResponse<T>>,
  statuses: number[],
  what: string,
) {
  const before: Snapshot = await snapshotTable();
  const res = await send();
  expect(statuses, `${what} -> ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  expect(unexpectedChanges(before, await snapshotTable(), [sessionTouch]), what).toEqual([]);
  return res;
}

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/, 30 days, Secure off localhost, and a fresh 256-bit token per sign-in", async () => {
    const local = await login(world.buyer.username, WORLD_PASSWORD);
    expect(local.status).toBe(200);
    const cookie = local.cookies[0]!;
    const attributes = cookie.split(";").map((p) => p.trim());
    expect(attributes[0]).toMatch(/^sid=[A-Za-z0-9_-]{43}$/);
    expect(attributes.slice(1).sort()).toEqual(["HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax"]);

    const deployed = await login(world.buyer.username, WORLD_PASSWORD, { host: "auction.example.com" });
    expect(deployed.status).toBe(200);
    expect(deployed.cookies[0]!.split(";").map((p) => p.trim())).toContain("Secure");
    expect(deployed.cookies[0]!.split(";")[0]).not.toBe(attributes[0]);
  });

  it("is stored only as a hash: the raw token appears nowhere in the table", async () => {
    const res = await login(world.otherBuyer.username, WORLD_PASSWORD);
    const token = /^sid=([^;]+)/.exec(res.cookies[0]!)![1]!;
    const everything = JSON.stringify([...(await snapshotTable()).values()]);
    expect(everything).not.toContain(token);
    expect(everything).toContain(hashSessionToken(token));
  });

  it("logout clears the cookie and the session for good", async () => {
    const res = await login(world.otherBuyer.username, WORLD_PASSWORD);
    const cookies = [res.cookies[0]!];
    const out = await invokeRoute({ method: "POST", path: "/api/auth/logout", cookies });
    expect(out.cookies[0]).toMatch(/^sid=; .*Max-Age=0/);
    expect((await invokeRoute({ method: "GET", path: "/api/auth/me", cookies })).status).toBe(401);
  });
});

describe("CSRF through the HTTP gateway, with the buyer's cookie", () => {
  const bidUrl = () => `${gateway.url}/api/auctions/${world.liveAuctionId}/bid`;
  const post = (headers: Record<string, string>) =>
    fetch(bidUrl(), { method: "POST", headers: { cookie: world.buyer.cookie, ...headers }, body: "{}" });

  it("refuses a cross-origin JSON POST (403) and a form-shaped one (415); the same origin bids", async () => {
    const before = await snapshotTable();
    const foreign = await post({ "content-type": "application/json", origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: "Cross-origin request refused" });
    for (const contentType of [
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
    ]) {
      const form = await post({ "content-type": contentType });
      expect(form.status, contentType).toBe(415);
    }
    expect(unexpectedChanges(before, await snapshotTable(), [sessionTouch])).toEqual([]);

    const own = await post({ "content-type": "application/json", origin: gateway.url });
    expect(own.status).toBe(200);
  });
});

describe("login rate limits", () => {
  beforeEach(() => clearOfLoginWindowEdge());

  it("no lock per account: after 100 failures from 10 addresses, the owner signs in from a new one", async () => {
    const victim = world.target.username;
    const addresses = Array.from({ length: 10 }, (_, i) => `10.1.0.${i + 1}`);
    for (let round = 0; round < MAX_FAILED_PER_PAIR; round++) {
      const batch = await Promise.all(
        addresses.map((ip) => login(victim, `wrong-${round}`, { sourceIp: ip })),
      );
      expect(batch.map((r) => r.status)).toEqual(batch.map(() => 401));
    }
    const guesser = await login(victim, WORLD_PASSWORD, { sourceIp: addresses[0] });
    expect(guesser.status).toBe(429);
    expect(guesser.body.message).toMatch(/too many/i);
    expect((await login(victim, WORLD_PASSWORD, { sourceIp: "10.1.200.1" })).status).toBe(200);
  }, 60_000);

  it(`per pair: ${MAX_FAILED_PER_PAIR} failures from one address lock that address out of that account only`, async () => {
    const victim = world.seller.username;
    for (let i = 0; i < MAX_FAILED_PER_PAIR; i++) {
      expect((await login(victim, `wrong-${i}`, { sourceIp: "10.3.0.1" })).status).toBe(401);
    }
    expect((await login(victim, WORLD_PASSWORD, { sourceIp: "10.3.0.1" })).status).toBe(429);
    expect((await login(victim, WORLD_PASSWORD, { sourceIp: "10.3.0.2" })).status).toBe(200);
  });

  it(`per IP: after ${MAX_FAILED_PER_IP} failures on any accounts, that IP is refused while others sign in`, async () => {
    const ip = "10.2.0.1";
    const attempts = Array.from({ length: MAX_FAILED_PER_IP }, (_, i) => `nobody_${i}`);
    for (let i = 0; i < attempts.length; i += 10) {
      const batch = await Promise.all(
        attempts.slice(i, i + 10).map((u) => login(u, "whatever1", { sourceIp: ip })),
      );
      expect(batch.map((r) => r.status)).toEqual(batch.map(() => 401));
    }
    expect((await login(world.seller.username, WORLD_PASSWORD, { sourceIp: ip })).status).toBe(429);
    expect((await login(world.seller.username, WORLD_PASSWORD, { sourceIp: "10.2.0.2" })).status).toBe(200);
  }, 60_000);
});

describe("secrets never leave the server", () => {
  it("no answer of any GET route, to any caller, holds a password hash, a session token or hash, or a table key", async () => {
    const callers: Array<Caller | null> = [
      null,
      world.buyer,
      world.otherBuyer,
      world.seller,
      world.otherSeller,
      world.pendingSeller,
      world.admin,
    ];
    const secrets = [
      world.passwordHash,
      ...callers.flatMap((c) => (c ? [c.token, hashSessionToken(c.token)] : [])),
    ];
    const forbiddenPatterns = [
      /passwordHash/i,
      /scrypt\$/,
      /SESSION#/,
      /tokenHash/,
      /"(pk|sk|gsi\dpk|gsi\dsk)":/,
    ];
    let answered = 0;
    for (const route of httpRoutes.filter((r) => r.method === "GET")) {
      const call = catalog[route.handler]!(world);
      for (const caller of callers) {
        const res = await invokeRoute({
          method: "GET",
          path: pathOf(route, call.params),
          cookies: caller ? [caller.cookie] : [],
        });
        const text = JSON.stringify(res.body);
        const who = `${routeKey(route)} as ${caller?.username ?? "anonymous"}`;
        if (res.status === 200) answered++;
        for (const secret of secrets) expect(text.includes(secret), `${who} leaks a secret`).toBe(false);
        for (const pattern of forbiddenPatterns) expect(text, who).not.toMatch(pattern);
      }
    }
    expect(answered).toBeGreaterThan(httpRoutes.filter((r) => r.method === "GET").length);
  });

  it("the user list shows exactly the admin fields: no hash, no session, no key", async () => {
    const res = await world.admin.call<unknown[]>({ method: "GET", path: "/api/admin/users" });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(7);
    for (const row of res.body) expect(() => z.strictObject(adminUserSchema.shape).parse(row)).not.toThrow();
  });

  it("answers of sign-in, registration and the admin's account actions hold no hash or session id", async () => {
    const fresh = `sec_${Math.random().toString(36).slice(2, 10)}`;
    const answers = [
      await login(world.buyer.username, WORLD_PASSWORD),
      await invokeRoute({
        method: "POST",
        path: "/api/auth/register",
        body: { username: fresh, email: `${fresh}@example.com`, password: "password123" },
      }),
      await world.admin.call({
        method: "POST",
        path: `/api/admin/users/${world.target.id}/adjust-bids`,
        body: { amount: 1 },
      }),
      await world.admin.call({
        method: "POST",
        path: `/api/admin/users/${world.target.id}/reset-password`,
        body: { newPassword: WORLD_PASSWORD },
      }),
    ];
    for (const res of answers) {
      expect(res.status).toBeLessThan(300);
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/passwordHash|scrypt\$|SESSION#|tokenHash|"pk":/);
      const token = /^sid=([^;]+)/.exec(res.cookies[0] ?? "")?.[1];
      if (token) expect(text).not.toContain(token);
    }
  });
});

describe("someone else's order or product, by id", () => {
  it("another buyer can neither pay for, order on, nor list the buyer's order and win", async () => {
    const other = world.otherBuyer;
    await expectNothingWritten(
      () => other.call({ method: "POST", path: `/api/orders/${world.orderId}/payment-intent` }),
      [403, 404],
      "pay someone else's order",
    );
    for (const auctionId of [world.endedAuctionId, world.wonAuctionId]) {
      await expectNothingWritten(
        () =>
          other.call({
            method: "POST",
            path: "/api/orders",
            body: {
              auctionId,
              shippingAddress: "2 Elm St",
              shippingCity: "Shelbyville",
              shippingState: "IL",
              shippingZip: "62565",
            },
          }),
        [403],
        "order someone else's win",
      );
    }
    const mine = await other.call<Array<{ id: string }>>({ method: "GET", path: "/api/orders/buyer" });
    expect(mine.body.map((o) => o.id)).not.toContain(world.orderId);
    const wins = await other.call<Array<{ id: string }>>({ method: "GET", path: "/api/auctions/won" });
    expect(wins.body.map((a) => a.id)).not.toContain(world.wonAuctionId);
    await expectNothingWritten(
      () => other.call({ method: "POST", path: `/api/payments/${world.intentId}/verify` }),
      [404],
      "verify someone else's payment",
    );
  });

  it("another seller can neither ship nor see the seller's order, products or auctions", async () => {
    const other = world.otherSeller;
    await expectNothingWritten(
      () =>
        other.call({
          method: "PATCH",
          path: `/api/orders/${world.orderId}/shipping`,
          body: { status: "delivered", trackingNumber: "STOLEN" },
        }),
      [403, 404],
      "ship someone else's order",
    );
    const orders = await other.call<Array<{ id: string }>>({ method: "GET", path: "/api/orders/seller" });
    expect(orders.body.map((o) => o.id)).not.toContain(world.orderId);
    const own = await world.seller.call<Array<{ id: string }>>({ method: "GET", path: "/api/orders/seller" });
    expect(own.body.map((o) => o.id)).toContain(world.orderId);

    const products = await other.call<Array<{ id: string }>>({ method: "GET", path: "/api/seller/products" });
    expect(products.body.map((p) => p.id)).not.toContain(world.liveProductId);
    expect(products.body.map((p) => p.id)).not.toContain(world.pendingProductId);
    const auctions = await other.call<Array<{ id: string }>>({ method: "GET", path: "/api/seller/auctions" });
    expect(auctions.body.map((a) => a.id)).not.toContain(world.liveAuctionId);
  });

  it("a seller cannot act on a product by id through the admin routes, not even their own", async () => {
    for (const seller of [world.seller, world.otherSeller]) {
      for (const [method, suffix] of [
        ["DELETE", ""],
        ["POST", "/approve"],
        ["POST", "/reject"],
      ] as const) {
        await expectNothingWritten(
          () =>
            seller.call({ method, path: `/api/admin/products/${world.pendingProductId}${suffix}`, body: {} }),
          [403],
          `${method} product${suffix} as a seller`,
        );
      }
    }
  });

  it("fields a client must not set are ignored or refused: owner, status and ids come from the server", async () => {
    const res = await world.seller.call<{ id: string; sellerId: string; status: string }>({
      method: "POST",
      path: "/api/seller/products",
      body: {
        name: "Kookaburra",
        description: "A silver coin.",
        metalType: "silver",
        imageUrl: "/images/products/silver-coins.svg",
        startingPrice: "3.00",
        retailPrice: "40.00",
        sellerId: world.otherSeller.sellerId,
        status: "approved",
        id: world.liveProductId,
        auctionId: world.liveAuctionId,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ sellerId: world.seller.sellerId, status: "pending" });
    expect(res.body.id).not.toBe(world.liveProductId);

    const profile = await world.pendingSeller.call<{ status: string }>({
      method: "PATCH",
      path: "/api/seller/profile",
      body: { businessName: "Sneaky Metals", status: "approved" },
    });
    expect(profile.status).toBe(200);
    const after = await world.pendingSeller.call<{ status: string }>({
      method: "GET",
      path: "/api/seller/profile",
    });
    expect(after.body.status).toBe("pending");

    const register = await invokeRoute({
      method: "POST",
      path: "/api/auth/register",
      body: {
        username: "wannabe_admin",
        email: "wannabe@example.com",
        password: "password123",
        role: "admin",
      },
    });
    expect(register.status).toBe(400);
  });
});
