/**
 * One well-formed call per route of functions/routes.ts: who may make it, the path ids of existing
 * objects of the world, and a body the route's schema accepts. The hostile-input tests start from it
 * and break exactly one thing, so a refusal can only come from the thing they broke.
 */
import type { ZodMiniType } from "#shared/schemas/zod";
import { type HttpRoute, httpRoutes } from "../../../../functions/routes.ts";
import { loadHandler } from "../../../../scripts/local/handlers.ts";
import type { Caller, World } from "./world.ts";

export interface RouteCall {
  /** null: anonymous. */
  as: Caller | null;
  params: Record<string, string>;
  body?: Record<string, unknown>;
}

export const routeKey = (route: HttpRoute) => `${route.method} ${route.path}`;

const shipping = {
  shippingAddress: "1 Main Street",
  shippingCity: "Springfield",
  shippingState: "IL",
  shippingZip: "62701",
};

const newProduct = {
  name: "Britannia 1 oz",
  description: "A silver coin.",
  metalType: "silver",
  weight: "1oz",
  purity: "99.9%",
  imageUrl: "/images/products/silver-bullion.svg",
  startingPrice: "2.50",
  retailPrice: "30.00",
};

/** A well-formed WebAuthn answer to no challenge. */
const NO_CREDENTIAL = {
  id: "bm9ib2R5cw",
  rawId: "bm9ib2R5cw",
  type: "public-key",
  response: { clientDataJSON: "e30" },
};

/** A browser's subscription: an https endpoint, keys of the sizes the encryption needs (base64url). */
const pushSubscription = {
  endpoint: "https://push.example.com/send/catalog",
  keys: { p256dh: "B".padEnd(87, "A"), auth: "A".repeat(22) },
};

/** Keyed by handler id; a route missing here fails the catalog test (coverage of the table). */
export const catalog: Record<string, (w: World) => RouteCall> = {
  "auth/register": () => ({
    as: null,
    params: {},
    body: { username: "fresh_user", email: "fresh@example.com", password: "password123", role: "buyer" },
  }),
  "auth/login": (w) => ({
    as: null,
    params: {},
    body: { username: w.buyer.username, password: "wrong-password" },
  }),
  "auth/logout": (w) => ({ as: w.buyer, params: {} }),
  "auth/me": (w) => ({ as: w.buyer, params: {} }),
  "me/get-referral": (w) => ({ as: w.buyer, params: {} }),
  "me/get-limits": (w) => ({ as: w.buyer, params: {} }),
  "me/put-limits": (w) => ({ as: w.buyer, params: {}, body: { monthly: "500.00" } }),
  "me/self-exclusion": (w) => ({ as: w.otherBuyer, params: {}, body: { days: 1 } }),
  "me/get-notifications": (w) => ({ as: w.buyer, params: {} }),
  "me/put-notifications": (w) => ({
    as: w.buyer,
    params: {},
    body: { outbid: false, won: true, marketing: true },
  }),
  "dev/list-outbox": () => ({ as: null, params: {}, query: { to: "someone@example.com" } }),
  "dev/list-push": (w) => ({ as: null, params: {}, query: { userId: w.buyer.id } }),
  "push/get-public-key": () => ({ as: null, params: {} }),
  "spot-prices/get-spot-prices": () => ({ as: null, params: {} }),
  "push/subscribe": (w) => ({ as: w.buyer, params: {}, body: pushSubscription }),
  "push/unsubscribe": (w) => ({ as: w.buyer, params: {}, body: { endpoint: pushSubscription.endpoint } }),
  "auth/change-password": (w) => ({
    as: w.buyer,
    params: {},
    body: { currentPassword: "not-the-password", newPassword: "a-new-password" },
  }),
  "auth/verify-email": () => ({ as: null, params: {}, body: { token: "never-issued-token" } }),
  "auth/resend-verification": (w) => ({ as: w.buyer, params: {} }),
  "auth/forgot-password": () => ({ as: null, params: {}, body: { email: "nobody@example.com" } }),
  "auth/reset-password": () => ({
    as: null,
    params: {},
    body: { token: "never-issued-token", newPassword: "a-new-password" },
  }),
  "me/list-sessions": (w) => ({ as: w.buyer, params: {} }),
  "me/delete-other-sessions": (w) => ({ as: w.buyer, params: {} }),
  "me/delete-session": (w) => ({ as: w.buyer, params: { id: "0".repeat(24) } }),
  "me/put-email": (w) => ({
    as: w.buyer,
    params: {},
    body: { email: "moving@example.com", password: "not-the-password" },
  }),
  "me/export": (w) => ({ as: w.buyer, params: {} }),
  "auth/login-two-factor": () => ({ as: null, params: {}, body: { code: "123456" } }),
  "me/get-two-factor": (w) => ({ as: w.buyer, params: {} }),
  "me/setup-two-factor": (w) => ({ as: w.buyer, params: {} }),
  "me/confirm-two-factor": (w) => ({ as: w.buyer, params: {}, body: { code: "123456" } }),
  // The buyer has no two-factor to turn off: refused before the password is checked.
  "me/disable-two-factor": (w) => ({
    as: w.buyer,
    params: {},
    body: { password: "not-the-password", code: "123456" },
  }),
  "me/list-passkeys": (w) => ({ as: w.buyer, params: {} }),
  "me/passkey-options": (w) => ({ as: w.buyer, params: {} }),
  // A challenge never handed out: refused (400) before the credential is looked at.
  "me/add-passkey": (w) => ({
    as: w.buyer,
    params: {},
    body: { challengeId: "never-issued", credential: NO_CREDENTIAL },
  }),
  "me/delete-passkey": (w) => ({ as: w.buyer, params: { id: "bm9ib2R5cw" } }),
  "auth/passkey-options": () => ({ as: null, params: {} }),
  "auth/login-passkey": () => ({
    as: null,
    params: {},
    body: { challengeId: "never-issued", credential: NO_CREDENTIAL },
  }),
  // The wrong password: the call is refused (403) and the world's buyer lives on.
  "me/delete-account": (w) => ({ as: w.buyer, params: {}, body: { password: "not-the-password" } }),
  "config/get-config": () => ({ as: null, params: {} }),
  "auctions/list-auctions": () => ({ as: null, params: {} }),
  "auctions/list-won-auctions": (w) => ({ as: w.buyer, params: {} }),
  "auctions/get-auction": (w) => ({ as: null, params: { id: w.liveAuctionId } }),
  "auctions/list-ended-auctions": () => ({ as: null, params: {} }),
  "watchlist/list-watchlist": (w) => ({ as: w.buyer, params: {} }),
  "watchlist/watch-auction": (w) => ({ as: w.buyer, params: { auctionId: w.liveAuctionId } }),
  "watchlist/unwatch-auction": (w) => ({ as: w.buyer, params: { auctionId: w.liveAuctionId } }),
  "auctions/place-bid": (w) => ({ as: w.buyer, params: { id: w.liveAuctionId } }),
  "auctions/get-ledger": (w) => ({ as: null, params: { id: w.liveAuctionId } }),
  "auctions/put-agent": (w) => ({
    as: w.buyer,
    params: { id: w.liveAuctionId },
    body: { bids: 1, maxPrice: "99.00" },
  }),
  "auctions/get-agent": (w) => ({ as: w.buyer, params: { id: w.liveAuctionId } }),
  "auctions/delete-agent": (w) => ({ as: w.buyer, params: { id: w.liveAuctionId } }),
  "auctions/get-buy-now": (w) => ({ as: w.buyer, params: { id: w.liveAuctionId } }),
  "auctions/buy-now": (w) => ({
    as: w.buyer,
    params: { id: w.liveAuctionId },
    body: shipping,
  }),
  // The live auction: a well-formed call the rules refuse (409), so the world's win stays unexchanged.
  "auctions/exchange-win": (w) => ({ as: w.buyer, params: { id: w.liveAuctionId } }),
  "payments/list-bid-packages": () => ({ as: null, params: {} }),
  "payments/create-payment-intent": (w) => ({ as: w.buyer, params: {}, body: { packageId: "starter" } }),
  "payments/verify-payment": (w) => ({ as: w.buyer, params: { paymentIntentId: w.intentId } }),
  "payments/stripe-webhook": () => ({ as: null, params: {}, body: {} }),
  "payments/confirm-local-payment": (w) => ({
    as: w.buyer,
    params: { paymentIntentId: w.intentId },
    body: { cardNumber: "4000 0000 0000 0002" },
  }),
  "orders/create-order": (w) => ({
    as: w.buyer,
    params: {},
    body: { auctionId: w.wonAuctionId, ...shipping },
  }),
  "orders/list-buyer-orders": (w) => ({ as: w.buyer, params: {} }),
  "orders/list-seller-orders": (w) => ({ as: w.seller, params: {} }),
  "orders/create-order-payment-intent": (w) => ({ as: w.buyer, params: { id: w.orderId } }),
  "orders/update-shipping": (w) => ({
    as: w.seller,
    params: { id: w.orderId },
    body: { status: "shipped", trackingNumber: "1Z999AA10123456784" },
  }),
  "orders/cancel-order": (w) => ({ as: w.buyer, params: { id: w.orderId } }),
  "seller/get-seller-profile": (w) => ({ as: w.seller, params: {} }),
  "seller/update-seller-profile": (w) => ({
    as: w.pendingSeller,
    params: {},
    body: { businessName: "Pending Metals", description: "Coins and bars." },
  }),
  "seller/list-seller-products": (w) => ({ as: w.seller, params: {} }),
  "seller/create-seller-product": (w) => ({ as: w.seller, params: {}, body: newProduct }),
  "seller/list-seller-auctions": (w) => ({ as: w.seller, params: {} }),
  "seller/create-upload": (w) => ({
    as: w.seller,
    params: {},
    body: { contentType: "image/png", size: 1000 },
  }),
  "seller/get-daily-stats": (w) => ({ as: w.seller, params: {} }),
  "admin/list-pending-sellers": (w) => ({ as: w.admin, params: {} }),
  "admin/approve-seller": (w) => ({ as: w.admin, params: { id: w.pendingSeller.sellerId! } }),
  "admin/reject-seller": (w) => ({ as: w.admin, params: { id: w.pendingSeller.sellerId! } }),
  "admin/list-products": (w) => ({ as: w.admin, params: {} }),
  "admin/put-spot-price": (w) => ({ as: w.admin, params: { metal: "gold" }, body: { usdPerOz: "2650.00" } }),
  "admin/list-pending-products": (w) => ({ as: w.admin, params: {} }),
  "admin/create-product": (w) => ({ as: w.admin, params: {}, body: newProduct }),
  "admin/update-product": (w) => ({
    as: w.admin,
    params: { id: w.pendingProductId },
    body: { name: "Britannia 1 oz, edited" },
  }),
  "admin/delete-product": (w) => ({ as: w.admin, params: { id: w.pendingProductId } }),
  "admin/approve-product": (w) => ({
    as: w.admin,
    params: { id: w.pendingProductId },
    body: { durationSeconds: 3600 },
  }),
  "admin/reject-product": (w) => ({ as: w.admin, params: { id: w.pendingProductId } }),
  "admin/list-auctions": (w) => ({ as: w.admin, params: {} }),
  "admin/list-expired-wins": (w) => ({ as: w.admin, params: {} }),
  "admin/list-late-orders": (w) => ({ as: w.admin, params: {} }),
  "admin/list-referrals": (w) => ({ as: w.admin, params: {} }),
  // A win not expired: refused (409) after its checks, as a relist of a live win would be.
  "admin/relist-auction": (w) => ({
    as: w.admin,
    params: { id: w.wonAuctionId },
    body: { lockAtPrice: "99.00" },
  }),
  "admin/list-users": (w) => ({ as: w.admin, params: {} }),
  "admin/get-user-stats": (w) => ({ as: w.admin, params: {} }),
  "admin/get-daily-stats": (w) => ({ as: w.admin, params: {} }),
  "admin/reset-password": (w) => ({
    as: w.admin,
    params: { id: w.target.id },
    body: { newPassword: "newpass123" },
  }),
  "admin/adjust-bids": (w) => ({ as: w.admin, params: { id: w.target.id }, body: { amount: 5 } }),
  "admin/delete-user": (w) => ({ as: w.admin, params: { id: w.target.id } }),
  "admin/list-bid-packages": (w) => ({ as: w.admin, params: {} }),
  "support/create-message": () => ({
    as: null,
    params: {},
    body: { email: "writer@example.com", subject: "A question", message: "Where is my order, please?" },
  }),
  "admin/list-support-messages": (w) => ({ as: w.admin, params: {} }),
  // No message in the world: refused (404) after its checks, as an unknown id is.
  "admin/answer-support-message": (w) => ({ as: w.admin, params: { id: "no-such-message" } }),
  "admin/create-bid-package": (w) => ({
    as: w.admin,
    params: {},
    body: { name: "Fuzz Pack", bidCount: 20, price: "9.00", savings: 5, popular: false },
  }),
  // "pro" keeps its seeded savings: the call is well-formed and changes nothing other routes rely on.
  "admin/update-bid-package": (w) => ({ as: w.admin, params: { id: "pro" }, body: { savings: 30 } }),
};

/** The route's path with `params` filled in (URI-encoded, as a browser would send them). */
export function pathOf(route: HttpRoute, params: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${routeKey(route)}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

export const pathParamNames = (route: HttpRoute) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

export const isMutation = (route: HttpRoute) => route.method !== "GET";

/** The zod schemas the route's handler validates with (defineRoute attaches them to the handler). */
export async function schemasOf(
  route: HttpRoute,
): Promise<{ body?: ZodMiniType; params?: ZodMiniType; query?: ZodMiniType }> {
  const handler = (await loadHandler(route.handler)) as unknown as {
    schemas?: { body?: ZodMiniType; params?: ZodMiniType; query?: ZodMiniType };
  };
  if (!handler?.schemas)
    throw new Error(`${route.handler} does not expose its schemas (not made by defineRoute?)`);
  return handler.schemas;
}

export { httpRoutes };
