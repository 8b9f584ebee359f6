import { beforeAll, describe, expect, it } from "vitest";
import type { CreatePaymentIntentResponse } from "#shared/schemas/payments";
import type { ProductView } from "#shared/schemas/seller";
import { createSession } from "../../functions/adapters/dynamo/sessions-repo.ts";
import { createUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { type HttpRoute, httpRoutes } from "../../functions/routes.ts";
import { startAuction } from "../../functions/usecases/auctions/start-auction.ts";
import { placeBid } from "../../functions/usecases/bidding/place-bid.ts";
import { type ApiRequest, invokeRoute } from "../../scripts/local/invoke-route.ts";
import { approvedSeller, productBody, signUp, type TestUser } from "./admin/fixtures.ts";
import { shippingAddress } from "./orders/fixtures.ts";
import { storeBidPackage } from "./payments/fixtures.ts";
import { useDiscardedEmails } from "./support/discard-emails.ts";
import { useFreshTable } from "./support/fresh-table.ts";

useFreshTable("authz-matrix");
// POST /api/auth/forgot-password queues a reset request on every call.
useDiscardedEmails();

const ACTORS = ["anonymous", "buyer", "pendingSeller", "seller", "otherSeller", "admin"] as const;
type Actor = (typeof ACTORS)[number];
type Expectation = Record<Actor, number>;

interface World {
  users: Record<Exclude<Actor, "anonymous">, TestUser>;
  /** A live auction of `seller`. */
  liveAuctionId: string;
  /** Won by `buyer`, ended, no order yet (for POST /api/orders). */
  unorderedWinId: string;
  /** `buyer`'s unpaid order of an auction `seller` sold. */
  orderId: string;
  packageId: string;
  /** Registered through the real route, so login works. */
  loginUser: { username: string; password: string };
}

interface CallContext {
  actor: Actor;
  user: TestUser | null;
  world: World;
}

/** How to call a route: the concrete path, a body, or a different cookie. Default: the bare path, `{}`. */
type RequestPlan = Partial<Pick<ApiRequest, "path" | "body" | "cookies" | "headers">>;

interface Row {
  expect: Expectation;
  request?: (ctx: CallContext) => Promise<RequestPlan> | RequestPlan;
}

/** A row whose request sends `body`; a function makes a fresh one (with a unique name) for each call. */
const sending = (expect: Expectation, body: unknown): Row => ({
  expect,
  request: () => ({ body: typeof body === "function" ? body() : body }),
});

// Expectation builders: who gets what, by the role the route declares.
const everyone = (status: number): Expectation =>
  Object.fromEntries(ACTORS.map((a) => [a, status])) as Expectation;
const signedIn = (status: number, overrides: Partial<Expectation> = {}): Expectation => ({
  ...everyone(status),
  anonymous: 401,
  ...overrides,
});
const sellers = (status: number, overrides: Partial<Expectation> = {}): Expectation => ({
  anonymous: 401,
  buyer: 403,
  pendingSeller: status,
  seller: status,
  otherSeller: status,
  admin: 403,
  ...overrides,
});
const admins = (status: number): Expectation => ({
  anonymous: 401,
  buyer: 403,
  pendingSeller: 403,
  seller: 403,
  otherSeller: 403,
  admin: status,
});

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Math.random().toString(36).slice(2, 7)}`;

/** Resources made fresh for each call, so a call that changes them cannot spoil the next. */
const fresh = {
  pendingSeller: () => signUp("seller"),
  victim: () => signUp("buyer", 5),
  async pendingProduct(world: World) {
    const res = await world.users.seller.call<ProductView>({
      method: "POST",
      path: "/api/seller/products",
      body: productBody({ name: unique("Matrix product ") }),
    });
    expect(res.status).toBe(201);
    return res.body;
  },
  async paymentIntent(user: TestUser, world: World) {
    const res = await user.call<CreatePaymentIntentResponse>({
      method: "POST",
      path: "/api/create-payment-intent",
      body: { packageId: world.packageId },
    });
    expect(res.status).toBe(200);
    return res.body.paymentIntentId;
  },
};

/** A well-formed WebAuthn answer to no challenge: the schema takes it, the challenge check refuses it. */
const NO_CREDENTIAL = {
  id: "bm9ib2R5cw",
  rawId: "bm9ib2R5cw",
  type: "public-key",
  response: { clientDataJSON: "e30" },
};

const MATRIX: Record<string, Row> = {
  // auth
  "POST /api/auth/register": {
    expect: everyone(201),
    request: () => {
      const username = unique("reg");
      return {
        body: { username, email: `${username}@example.com`, password: "password-123", role: "buyer" },
      };
    },
  },
  "POST /api/auth/login": {
    expect: everyone(200),
    // From a session of its own: a login ends the session its cookie replaces, and the actor's must live on.
    request: async ({ world, user }) => {
      if (!user) return { body: world.loginUser };
      const { token } = await createSession(user, Date.now());
      return { body: world.loginUser, cookies: [`sid=${token}`] };
    },
  },
  "POST /api/auth/logout": {
    expect: everyone(200),
    // A session of its own, so logging out does not sign the actor out of the rows that follow.
    request: async ({ user }) => {
      if (!user) return {};
      const { token } = await createSession(user, Date.now());
      return { cookies: [`sid=${token}`] };
    },
  },
  "GET /api/auth/me": { expect: signedIn(200) },
  "GET /api/me/referral": { expect: signedIn(200) },
  "GET /api/me/limits": { expect: signedIn(200) },
  "PUT /api/me/limits": sending(signedIn(200), { monthly: "900.00" }),
  "GET /api/me/notifications": { expect: signedIn(200) },
  "PUT /api/me/notifications": sending(signedIn(200), { outbid: true, won: false, marketing: true }),
  "GET /api/me/watchlist": { expect: signedIn(200) },
  "PUT /api/me/watchlist/{auctionId}": {
    expect: signedIn(200),
    request: ({ world }) => ({ path: `/api/me/watchlist/${world.liveAuctionId}`, body: undefined }),
  },
  "DELETE /api/me/watchlist/{auctionId}": {
    expect: signedIn(200),
    request: ({ world }) => ({ path: `/api/me/watchlist/${world.liveAuctionId}` }),
  },
  "GET /api/push/public-key": { expect: everyone(200) },
  "GET /api/spot-prices": { expect: everyone(200) },
  "POST /api/me/push-subscriptions": {
    expect: signedIn(201),
    request: ({ actor }) => ({
      body: {
        endpoint: `https://push.example.com/send/${actor}`,
        keys: { p256dh: "B".padEnd(87, "A"), auth: "A".repeat(22) },
      },
    }),
  },
  "DELETE /api/me/push-subscriptions": {
    expect: signedIn(204),
    request: ({ actor }) => ({ body: { endpoint: `https://push.example.com/send/${actor}` } }),
  },
  "GET /api/dev/push": {
    // Like the outbox: the local push service's record, no session needed (never deployed).
    expect: everyone(200),
    request: ({ world }) => ({ path: `/api/dev/push?userId=${world.users.buyer.id}` }),
  },
  "GET /api/dev/outbox": {
    // The local stack's stand-in for everyone's inbox: no session needed (the route is never deployed).
    expect: everyone(200),
    request: () => ({ path: "/api/dev/outbox?to=someone@example.com" }),
  },

  // Every signed-in caller reaches the check of their current password; none of them knows it here.
  "POST /api/auth/change-password": sending(signedIn(400), {
    currentPassword: "not-my-password",
    newPassword: "a-new-password",
  }),
  // Account links: anyone may follow one; a link that was never issued is refused the same for all.
  "POST /api/auth/verify-email": sending(everyone(400), { token: "never-issued" }),
  // These actors' addresses count as verified (made before the check): nothing to resend.
  "POST /api/auth/resend-verification": { expect: signedIn(400) },
  "POST /api/auth/forgot-password": sending(everyone(202), () => ({
    email: `${unique("nobody")}@example.com`,
  })),
  "POST /api/auth/reset-password": sending(everyone(400), {
    token: "never-issued",
    newPassword: "a-new-password",
  }),
  "GET /api/me/sessions": { expect: signedIn(200) },
  // Ends the actor's other sessions only: the one the matrix calls with lives on.
  "DELETE /api/me/sessions": { expect: signedIn(200) },
  "DELETE /api/me/sessions/{id}": {
    expect: signedIn(404),
    request: () => ({ path: `/api/me/sessions/${"0".repeat(24)}` }),
  },
  // Every signed-in caller reaches the password check; none of them knows it here.
  "PUT /api/me/email": sending(signedIn(403), () => ({
    email: `${unique("moved")}@example.com`,
    password: "not-my-password",
  })),
  "GET /api/me/export": { expect: signedIn(200) },
  // No sign-in waits for a code in these requests: refused the same for all.
  "POST /api/auth/login/two-factor": sending(everyone(400), { code: "123456" }),
  "GET /api/me/two-factor": { expect: signedIn(200) },
  // Every signed-in caller reaches the password check; none of them knows it here.
  "POST /api/me/two-factor/setup": sending(signedIn(403), { password: "not-my-password" }),
  // Whether or not a setup waits, "000000" is not the code that turns it on.
  "POST /api/me/two-factor/confirm": sending(signedIn(400), { code: "000000" }),
  // None of the actors has it on.
  "DELETE /api/me/two-factor": sending(signedIn(400), { password: "not-my-password", code: "123456" }),
  "GET /api/me/passkeys": { expect: signedIn(200) },
  // Every signed-in caller reaches the password check; none of them knows it here.
  "POST /api/me/passkeys/options": sending(signedIn(403), { password: "not-my-password" }),
  // A challenge never handed out: refused the same for every signed-in caller.
  "POST /api/me/passkeys": sending(signedIn(400), { challengeId: "never-issued", credential: NO_CREDENTIAL }),
  // Nobody's passkey: 404 for every signed-in caller, as another account's would be.
  "DELETE /api/me/passkeys/{id}": {
    expect: signedIn(404),
    request: () => ({ path: "/api/me/passkeys/bm9ib2R5cw" }),
  },
  "POST /api/auth/passkey/options": { expect: everyone(200) },
  "POST /api/auth/passkey": sending(everyone(400), {
    challengeId: "never-issued",
    credential: NO_CREDENTIAL,
  }),
  "DELETE /api/me": sending(signedIn(403), { password: "not-my-password" }),
  "GET /api/config": { expect: everyone(200) },

  // auctions and bidding
  "GET /api/auctions": { expect: everyone(200) },
  "GET /api/auctions/won": { expect: signedIn(200) },
  "GET /api/auctions/ended": { expect: everyone(200) },
  "GET /api/auctions/{id}": {
    expect: everyone(200),
    request: ({ world }) => ({ path: `/api/auctions/${world.liveAuctionId}` }),
  },
  "GET /api/auctions/{id}/ledger": {
    expect: everyone(200),
    request: ({ world }) => ({ path: `/api/auctions/${world.liveAuctionId}/ledger` }),
  },
  "PUT /api/auctions/{id}/agent": {
    // The same rules as a manual bid: not the seller of the auction, not staff.
    expect: signedIn(200, { seller: 403, admin: 403 }),
    request: ({ world }) => ({ path: `/api/auctions/${world.liveAuctionId}/agent`, body: { bids: 1 } }),
  },
  "GET /api/auctions/{id}/agent": {
    // Each caller's own agent, booked by the row above; the seller and staff could not book one,
    // so theirs is null (200: no agent is an ordinary state).
    expect: signedIn(200),
    request: ({ world }) => ({ path: `/api/auctions/${world.liveAuctionId}/agent` }),
  },
  "DELETE /api/auctions/{id}/agent": {
    expect: signedIn(200, { seller: 404, admin: 404 }),
    request: ({ world }) => ({ path: `/api/auctions/${world.liveAuctionId}/agent` }),
  },
  "GET /api/auctions/{id}/buy-now": {
    // Everyone signed in gets their own offer (none is eligible here: no unit is offered).
    expect: signedIn(200),
    request: ({ world }) => ({ path: `/api/auctions/${world.liveAuctionId}/buy-now` }),
  },
  "POST /api/auctions/{id}/buy-now": {
    // Every signed-in caller reaches the rules: those who never bid here (its seller, staff) 403, the
    // others 409 (no unit is offered on this auction).
    expect: signedIn(409, { seller: 403, admin: 403 }),
    request: ({ world }) => ({
      path: `/api/auctions/${world.liveAuctionId}/buy-now`,
      body: shippingAddress,
    }),
  },
  "POST /api/auctions/{id}/exchange": {
    // Every signed-in caller reaches the rules: a running auction is nobody's win to exchange yet.
    expect: signedIn(409),
    request: ({ world }) => ({ path: `/api/auctions/${world.liveAuctionId}/exchange` }),
  },
  "POST /api/auctions/{id}/bid": {
    // The seller may not bid on their own auction; staff accounts never bid.
    expect: signedIn(200, { seller: 403, admin: 403 }),
    request: ({ world }) => ({ path: `/api/auctions/${world.liveAuctionId}/bid`, body: undefined }),
  },

  // bid credits
  "GET /api/bid-packages": { expect: everyone(200) },
  "POST /api/create-payment-intent": {
    expect: signedIn(200),
    request: ({ world }) => ({ body: { packageId: world.packageId } }),
  },
  "POST /api/payments/{paymentIntentId}/verify": {
    expect: signedIn(200),
    request: async ({ user, world }) => ({
      path: `/api/payments/${user ? await fresh.paymentIntent(user, world) : "pi_unknown"}/verify`,
    }),
  },
  // Signed by the provider, never by a session: without a signature everyone is refused alike.
  "POST /api/stripe/webhook": sending(everyone(400), { type: "payment_intent.succeeded" }),
  "POST /api/dev/payments/{paymentIntentId}/confirm": {
    // The buyer's own intent: only they may pay it; to everyone else it does not exist.
    expect: signedIn(404, { buyer: 200 }),
    request: async ({ world }) => ({
      path: `/api/dev/payments/${await fresh.paymentIntent(world.users.buyer, world)}/confirm`,
      body: { cardNumber: "4242 4242 4242 4242" },
    }),
  },

  // orders
  "POST /api/orders": {
    // Only the winner may order.
    expect: signedIn(403, { buyer: 200 }),
    request: ({ world }) => ({
      body: {
        auctionId: world.unorderedWinId,
        ...shippingAddress,
      },
    }),
  },
  "GET /api/orders/buyer": { expect: signedIn(200) },
  "GET /api/orders/seller": { expect: sellers(200) },
  "POST /api/orders/{id}/payment-intent": {
    // Only the order's buyer.
    expect: signedIn(403, { buyer: 200 }),
    request: ({ world }) => ({ path: `/api/orders/${world.orderId}/payment-intent` }),
  },
  "PATCH /api/orders/{id}/shipping": {
    // Only the order's seller.
    expect: sellers(403, { seller: 200 }),
    request: ({ world }) => ({ path: `/api/orders/${world.orderId}/shipping`, body: { status: "pending" } }),
  },
  "POST /api/orders/{id}/cancel": {
    // Only the order's buyer; this one is not paid, so there is nothing to cancel (409).
    expect: signedIn(403, { buyer: 409 }),
    request: ({ world }) => ({ path: `/api/orders/${world.orderId}/cancel` }),
  },

  // seller
  "GET /api/seller/profile": { expect: sellers(200) },
  // Editable only while the application is pending.
  "PATCH /api/seller/profile": sending(sellers(409, { pendingSeller: 200 }), () => ({
    businessName: unique("Business "),
  })),
  "GET /api/seller/products": { expect: sellers(200) },
  // Only approved sellers may list.
  "POST /api/seller/products": sending(sellers(201, { pendingSeller: 403 }), () =>
    productBody({ name: unique("Seller product ") }),
  ),
  "GET /api/seller/auctions": { expect: sellers(200) },
  "GET /api/seller/stats/daily": { expect: sellers(200) },
  // Both product forms upload photos: approved sellers and admins.
  "POST /api/seller/uploads": sending(signedIn(200, { buyer: 403, pendingSeller: 403 }), {
    contentType: "image/jpeg",
    size: 1000,
  }),

  // admin
  "GET /api/admin/sellers/pending": { expect: admins(200) },
  "GET /api/admin/stats/daily": { expect: admins(200) },
  "POST /api/admin/sellers/{id}/approve": {
    expect: admins(200),
    request: async () => ({ path: `/api/admin/sellers/${(await fresh.pendingSeller()).sellerId}/approve` }),
  },
  "POST /api/admin/sellers/{id}/reject": {
    expect: admins(200),
    request: async () => ({ path: `/api/admin/sellers/${(await fresh.pendingSeller()).sellerId}/reject` }),
  },
  "GET /api/admin/products": { expect: admins(200) },
  "GET /api/admin/products/pending": { expect: admins(200) },
  "POST /api/admin/products": sending(admins(201), () => productBody({ name: unique("Admin product ") })),
  "PATCH /api/admin/products/{id}": {
    expect: admins(200),
    request: async ({ world }) => ({
      path: `/api/admin/products/${(await fresh.pendingProduct(world)).id}`,
      body: { name: unique("Edited product ") },
    }),
  },
  "DELETE /api/admin/products/{id}": {
    expect: admins(200),
    request: async ({ world }) => ({ path: `/api/admin/products/${(await fresh.pendingProduct(world)).id}` }),
  },
  "POST /api/admin/products/{id}/approve": {
    expect: admins(200),
    request: async ({ world }) => ({
      path: `/api/admin/products/${(await fresh.pendingProduct(world)).id}/approve`,
    }),
  },
  "POST /api/admin/products/{id}/reject": {
    expect: admins(200),
    request: async ({ world }) => ({
      path: `/api/admin/products/${(await fresh.pendingProduct(world)).id}/reject`,
    }),
  },
  "GET /api/admin/auctions": { expect: admins(200) },
  "GET /api/admin/auctions/expired": { expect: admins(200) },
  "GET /api/admin/orders/late": { expect: admins(200) },
  "GET /api/admin/referrals": { expect: admins(200) },
  // Relisting proper is covered by tests/integration/admin/relist-expired-win.test.ts; here only who may ask.
  "POST /api/admin/auctions/{id}/relist": {
    expect: admins(404),
    request: async () => ({ path: "/api/admin/auctions/no-such-auction/relist" }),
  },
  "GET /api/admin/users": { expect: admins(200) },
  "GET /api/admin/stats/users": { expect: admins(200) },
  "POST /api/admin/users/{id}/reset-password": {
    expect: admins(200),
    request: async () => ({
      path: `/api/admin/users/${(await fresh.victim()).id}/reset-password`,
      body: { newPassword: "new-password" },
    }),
  },
  "POST /api/admin/users/{id}/adjust-bids": {
    expect: admins(200),
    request: async () => ({
      path: `/api/admin/users/${(await fresh.victim()).id}/adjust-bids`,
      body: { amount: 3 },
    }),
  },
  "DELETE /api/admin/users/{id}": {
    expect: admins(200),
    request: async () => ({ path: `/api/admin/users/${(await fresh.victim()).id}` }),
  },
  "GET /api/admin/bid-packages": { expect: admins(200) },
  // Contact Us: anyone may write; each call from a sender address of its own, under the hour's limits.
  "POST /api/support/messages": sending(everyone(201), () => ({
    email: `${unique("writer")}@example.com`,
    subject: "A question",
    message: "Where is my order, please?",
  })),
  "GET /api/admin/support/messages": { expect: admins(200) },
  // No such message: 404 for admins, after the role check refused everyone else.
  "POST /api/admin/support/messages/{id}/answered": {
    expect: admins(404),
    request: () => ({ path: "/api/admin/support/messages/no-such-message/answered" }),
  },
  "POST /api/admin/bid-packages": sending(admins(201), () => ({
    name: unique("Matrix Pack "),
    bidCount: 10,
    price: "5.00",
  })),
  "PUT /api/admin/spot-prices/{metal}": {
    expect: admins(200),
    request: () => ({ path: "/api/admin/spot-prices/gold", body: { usdPerOz: "2650.00" } }),
  },
  "PATCH /api/admin/bid-packages/{id}": {
    expect: admins(200),
    request: ({ world }) => ({ path: `/api/admin/bid-packages/${world.packageId}`, body: { savings: 5 } }),
  },
  "POST /api/me/self-exclusion": {
    expect: signedIn(200),
    // As a twin of the actor (same role, own account): excluding the actor would refuse their later rows.
    request: async ({ user }) => {
      if (!user) return { body: { days: 1 } };
      const username = unique("twin");
      const twin = await createUser({
        emailVerified: true,
        username,
        email: `${username}@example.com`,
        passwordHash: "unused",
        role: user.role,
        now: Date.now(),
      });
      const { token } = await createSession(twin, Date.now());
      return { body: { days: 1 }, cookies: [`sid=${token}`] };
    },
  },
};

const routeKey = (route: HttpRoute) => `${route.method} ${route.path}`;

/** An auction that ran in the past and was won by `winner` (finalized on its first read). */
async function pastWin(seller: TestUser, winner: TestUser) {
  const startedAt = Date.now() - 120_000;
  const productId = crypto.randomUUID();
  const auction = await startAuction({
    product: {
      id: productId,
      sellerId: seller.sellerId!,
      name: "Matrix coin",
      description: "A coin",
      metalType: "silver",
      imageUrl: "/images/products/silver-coins.svg",
      startingPriceCents: 100,
    },
    seller: { id: seller.sellerId!, userId: seller.id, businessName: seller.username },
    durationSeconds: 60,
    now: startedAt,
  });
  await placeBid({
    auctionId: auction.id,
    bidder: { id: winner.id, username: winner.username },
    clock: () => startedAt + 1000,
  });
  return auction.id;
}

let world: World;

beforeAll(async () => {
  const admin = await signUp("admin", 10);
  const users = {
    admin,
    buyer: await signUp("buyer", 10),
    pendingSeller: await signUp("seller", 10),
    seller: await approvedSeller(admin),
    otherSeller: await approvedSeller(admin),
  };
  await Promise.all(
    [users.seller, users.otherSeller].map((u) =>
      admin.call({ method: "POST", path: `/api/admin/users/${u.id}/adjust-bids`, body: { amount: 10 } }),
    ),
  );

  const product = await users.seller.call<ProductView>({
    method: "POST",
    path: "/api/seller/products",
    body: productBody(),
  });
  const approved = await admin.call<ProductView>({
    method: "POST",
    path: `/api/admin/products/${product.body.id}/approve`,
    body: { durationSeconds: 3600 },
  });

  const orderedWin = await pastWin(users.seller, users.buyer);
  const order = await users.buyer.call<{ id: string }>({
    method: "POST",
    path: "/api/orders",
    body: { auctionId: orderedWin, ...shippingAddress },
  });
  expect(order.status).toBe(200);

  const packageId = crypto.randomUUID();
  await storeBidPackage({ id: packageId, name: "Starter", bidCount: 10, priceCents: 500, savings: 0 });

  const loginUser = { username: unique("login"), password: "login-password" };
  const registered = await invokeRoute({
    method: "POST",
    path: "/api/auth/register",
    body: { ...loginUser, email: `${loginUser.username}@example.com`, role: "buyer" },
  });
  expect(registered.status).toBe(201);

  world = {
    users,
    liveAuctionId: approved.body.auctionId!,
    unorderedWinId: await pastWin(users.seller, users.buyer),
    orderId: order.body.id,
    packageId,
    loginUser,
  };
});

describe("authorization matrix", () => {
  it("has exactly one row per route of the route table", () => {
    const routes = httpRoutes.map(routeKey).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(routes);
  });

  it("agrees with the role each route declares", () => {
    for (const route of httpRoutes) {
      const row = MATRIX[routeKey(route)];
      if (!row) continue; // reported by the test above
      const where = routeKey(route);
      if (route.role === "public") {
        expect(row.expect.anonymous, where).not.toBe(401);
        continue;
      }
      expect(row.expect.anonymous, where).toBe(401);
      if (route.role === "admin") expect(row.expect, where).toEqual(admins(row.expect.admin));
      if (route.role === "seller") {
        expect([row.expect.buyer, row.expect.admin], where).toEqual([403, 403]);
      }
    }
  });

  for (const route of httpRoutes) {
    const key = routeKey(route);
    const row = MATRIX[key];
    if (!row) continue;
    it(key, async () => {
      const got: Partial<Record<Actor, number>> = {};
      for (const actor of ACTORS) {
        const user = actor === "anonymous" ? null : world.users[actor];
        const plan = (await row.request?.({ actor, user, world })) ?? {};
        const path = plan.path ?? route.path;
        if (path.includes("{")) throw new Error(`${key}: the row must give a concrete path`);
        const res = await invokeRoute({
          method: route.method,
          path,
          ...("body" in plan ? { body: plan.body } : route.method === "GET" ? {} : { body: {} }),
          ...(plan.headers ? { headers: plan.headers } : {}),
          cookies: plan.cookies ?? (user ? [user.cookie] : []),
        });
        got[actor] = res.status;
      }
      expect(got).toEqual(row.expect);
    });
  }
});
