/**
 * The one route table: the local gateway and the CDK app both read it, so they cannot drift.
 * `handler` names the module functions/handlers/<handler>.ts, which exports the route's definition
 * (`route = defineRoute(...)`, functions/http/route.ts); its path is the only place it is named.
 * `role`: who may call it — "public" (anyone), "user" (any signed-in user), "seller", "admin".
 */
import type { PaymentProviderName } from "./config/payment-provider.ts";

export type RouteRole = "public" | "user" | "seller" | "admin";
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface HttpRoute {
  method: HttpMethod;
  /** API Gateway syntax: `{id}` marks a path parameter. */
  path: string;
  handler: string;
  role: RouteRole;
  /** Webhooks are called by the payment provider, not a browser: no Origin/Content-Type CSRF rule. */
  csrfExempt?: boolean;
  /** Exists only while the local payment provider is active (404 otherwise). */
  localPaymentsOnly?: boolean;
  /**
   * A developer's tool of the local stack (the email outbox, the push service's record): the local gateway serves it, CDK never
   * deploys it, and the handler answers 404 outside the local stack (LOCAL_STACK=1).
   */
  localStackOnly?: boolean;
  /**
   * Called by Stripe: deployed only on stages that use Stripe. The local provider delivers its webhook
   * in-process, so a stage with the local provider has no public webhook to forge.
   */
  stripeOnly?: boolean;
  /**
   * Calls the payment provider (functions/adapters/payments): its bundle carries the Stripe SDK, and
   * on Stripe stages it may read Stripe's secrets. Nothing else may.
   */
  callsPaymentProvider?: boolean;
  /**
   * Runs a WebAuthn ceremony (usecases/accounts/passkey-ceremonies.ts): its bundle carries
   * @simplewebauthn/server and the certificate parsers it always loads (~320-370 KB minified).
   */
  webAuthn?: boolean;
  /** Public reads CloudFront may cache for one second. */
  edgeCacheSeconds?: number;
  /**
   * Some answers of this cached route never change (the handler marks them immutable): the edge keeps
   * each answer as long as its own Cache-Control says, `edgeCacheSeconds` for the others.
   */
  edgeCacheImmutable?: boolean;
  /**
   * A cached public read that answers a signed-in caller with their own part too: the edge keys it on
   * the session cookie and the answer to a signed-in caller is `private, no-store`, so only anonymous
   * answers are shared.
   */
  personalWhenSignedIn?: boolean;
}

const routeTable = [
  // auth
  { method: "POST", path: "/api/auth/register", handler: "auth/register", role: "public" },
  { method: "POST", path: "/api/auth/login", handler: "auth/login", role: "public" },
  {
    method: "POST",
    path: "/api/auth/login/two-factor",
    handler: "auth/login-two-factor",
    role: "public",
  },
  { method: "POST", path: "/api/auth/logout", handler: "auth/logout", role: "public" },
  { method: "GET", path: "/api/auth/me", handler: "auth/me", role: "user" },
  { method: "POST", path: "/api/auth/change-password", handler: "auth/change-password", role: "user" },
  { method: "POST", path: "/api/auth/verify-email", handler: "auth/verify-email", role: "public" },
  {
    method: "POST",
    path: "/api/auth/resend-verification",
    handler: "auth/resend-verification",
    role: "user",
  },
  { method: "POST", path: "/api/auth/forgot-password", handler: "auth/forgot-password", role: "public" },
  { method: "POST", path: "/api/auth/reset-password", handler: "auth/reset-password", role: "public" },
  { method: "GET", path: "/api/me/sessions", handler: "me/list-sessions", role: "user" },
  { method: "DELETE", path: "/api/me/sessions", handler: "me/delete-other-sessions", role: "user" },
  { method: "DELETE", path: "/api/me/sessions/{id}", handler: "me/delete-session", role: "user" },
  { method: "PUT", path: "/api/me/email", handler: "me/put-email", role: "user" },
  { method: "GET", path: "/api/me/two-factor", handler: "me/get-two-factor", role: "user" },
  { method: "POST", path: "/api/me/two-factor/setup", handler: "me/setup-two-factor", role: "user" },
  { method: "POST", path: "/api/me/two-factor/confirm", handler: "me/confirm-two-factor", role: "user" },
  { method: "DELETE", path: "/api/me/two-factor", handler: "me/disable-two-factor", role: "user" },
  { method: "GET", path: "/api/me/passkeys", handler: "me/list-passkeys", role: "user" },
  {
    method: "POST",
    path: "/api/me/passkeys/options",
    handler: "me/passkey-options",
    role: "user",
    webAuthn: true,
  },
  { method: "POST", path: "/api/me/passkeys", handler: "me/add-passkey", role: "user", webAuthn: true },
  { method: "DELETE", path: "/api/me/passkeys/{id}", handler: "me/delete-passkey", role: "user" },
  {
    method: "POST",
    path: "/api/auth/passkey/options",
    handler: "auth/passkey-options",
    role: "public",
    webAuthn: true,
  },
  {
    method: "POST",
    path: "/api/auth/passkey",
    handler: "auth/login-passkey",
    role: "public",
    webAuthn: true,
  },
  { method: "GET", path: "/api/me/export", handler: "me/export", role: "user" },
  {
    method: "DELETE",
    path: "/api/me",
    handler: "me/delete-account",
    role: "user",
    // Cancels the payment the user started and did not finish.
    callsPaymentProvider: true,
  },
  { method: "GET", path: "/api/config", handler: "config/get-config", role: "public" },
  // Contact Us: anyone may write; a signed-in sender's account is named in the message.
  { method: "POST", path: "/api/support/messages", handler: "support/create-message", role: "public" },
  { method: "GET", path: "/api/me/referral", handler: "me/get-referral", role: "user" },
  { method: "GET", path: "/api/me/limits", handler: "me/get-limits", role: "user" },
  { method: "PUT", path: "/api/me/limits", handler: "me/put-limits", role: "user" },
  {
    method: "POST",
    path: "/api/me/self-exclusion",
    handler: "me/self-exclusion",
    role: "user",
    // Cancels the payment the user started and did not finish.
    callsPaymentProvider: true,
  },
  { method: "GET", path: "/api/me/notifications", handler: "me/get-notifications", role: "user" },
  { method: "PUT", path: "/api/me/notifications", handler: "me/put-notifications", role: "user" },

  // push
  { method: "GET", path: "/api/push/public-key", handler: "push/get-public-key", role: "public" },
  { method: "POST", path: "/api/me/push-subscriptions", handler: "push/subscribe", role: "user" },
  { method: "DELETE", path: "/api/me/push-subscriptions", handler: "push/unsubscribe", role: "user" },

  // watchlist
  { method: "GET", path: "/api/me/watchlist", handler: "watchlist/list-watchlist", role: "user" },
  { method: "PUT", path: "/api/me/watchlist/{auctionId}", handler: "watchlist/watch-auction", role: "user" },
  {
    method: "DELETE",
    path: "/api/me/watchlist/{auctionId}",
    handler: "watchlist/unwatch-auction",
    role: "user",
  },

  // auctions and bidding
  {
    method: "GET",
    path: "/api/auctions",
    handler: "auctions/list-auctions",
    role: "public",
    edgeCacheSeconds: 1,
  },
  { method: "GET", path: "/api/auctions/won", handler: "auctions/list-won-auctions", role: "user" },
  {
    method: "GET",
    path: "/api/auctions/ended",
    handler: "auctions/list-ended-auctions",
    role: "public",
  },
  {
    method: "GET",
    path: "/api/auctions/{id}",
    handler: "auctions/get-auction",
    role: "public",
    edgeCacheSeconds: 1,
    personalWhenSignedIn: true,
  },
  { method: "POST", path: "/api/auctions/{id}/bid", handler: "auctions/place-bid", role: "user" },
  { method: "PUT", path: "/api/auctions/{id}/agent", handler: "auctions/put-agent", role: "user" },
  { method: "GET", path: "/api/auctions/{id}/agent", handler: "auctions/get-agent", role: "user" },
  { method: "DELETE", path: "/api/auctions/{id}/agent", handler: "auctions/delete-agent", role: "user" },
  { method: "GET", path: "/api/auctions/{id}/buy-now", handler: "auctions/get-buy-now", role: "user" },
  { method: "POST", path: "/api/auctions/{id}/buy-now", handler: "auctions/buy-now", role: "user" },
  { method: "POST", path: "/api/auctions/{id}/exchange", handler: "auctions/exchange-win", role: "user" },
  {
    method: "GET",
    path: "/api/auctions/{id}/ledger",
    handler: "auctions/get-ledger",
    role: "public",
    edgeCacheSeconds: 1,
    edgeCacheImmutable: true,
  },

  // spot prices (melt values)
  {
    method: "GET",
    path: "/api/spot-prices",
    handler: "spot-prices/get-spot-prices",
    role: "public",
    edgeCacheSeconds: 60,
  },

  // bid credits
  { method: "GET", path: "/api/bid-packages", handler: "payments/list-bid-packages", role: "public" },
  {
    method: "POST",
    path: "/api/create-payment-intent",
    handler: "payments/create-payment-intent",
    role: "user",
    callsPaymentProvider: true,
  },
  {
    method: "POST",
    path: "/api/payments/{paymentIntentId}/verify",
    handler: "payments/verify-payment",
    role: "user",
    callsPaymentProvider: true,
  },
  {
    method: "POST",
    path: "/api/stripe/webhook",
    handler: "payments/stripe-webhook",
    role: "public",
    csrfExempt: true,
    stripeOnly: true,
    callsPaymentProvider: true,
  },
  {
    method: "POST",
    path: "/api/dev/payments/{paymentIntentId}/confirm",
    handler: "payments/confirm-local-payment",
    // Only the buyer who owns the intent may confirm it (checked in the handler).
    role: "user",
    localPaymentsOnly: true,
    callsPaymentProvider: true,
  },

  // orders
  { method: "POST", path: "/api/orders", handler: "orders/create-order", role: "user" },
  {
    method: "GET",
    path: "/api/orders/buyer",
    handler: "orders/list-buyer-orders",
    role: "user",
    // Asks the provider about a pending order's latest payment when its webhook is late.
    callsPaymentProvider: true,
  },
  { method: "GET", path: "/api/orders/seller", handler: "orders/list-seller-orders", role: "seller" },
  {
    method: "POST",
    path: "/api/orders/{id}/payment-intent",
    handler: "orders/create-order-payment-intent",
    role: "user",
    callsPaymentProvider: true,
  },
  { method: "PATCH", path: "/api/orders/{id}/shipping", handler: "orders/update-shipping", role: "seller" },
  {
    method: "POST",
    path: "/api/orders/{id}/cancel",
    handler: "orders/cancel-order",
    role: "user",
    // Refunds a late order's payment.
    callsPaymentProvider: true,
  },

  // seller
  { method: "GET", path: "/api/seller/profile", handler: "seller/get-seller-profile", role: "seller" },
  { method: "PATCH", path: "/api/seller/profile", handler: "seller/update-seller-profile", role: "seller" },
  { method: "GET", path: "/api/seller/products", handler: "seller/list-seller-products", role: "seller" },
  { method: "POST", path: "/api/seller/products", handler: "seller/create-seller-product", role: "seller" },
  { method: "GET", path: "/api/seller/auctions", handler: "seller/list-seller-auctions", role: "seller" },
  // Approved sellers and admins (both forms add products): the handler decides, as one role cannot say it.
  { method: "POST", path: "/api/seller/uploads", handler: "seller/create-upload", role: "user" },
  { method: "GET", path: "/api/seller/stats/daily", handler: "seller/get-daily-stats", role: "seller" },

  // admin
  { method: "GET", path: "/api/admin/sellers/pending", handler: "admin/list-pending-sellers", role: "admin" },
  { method: "POST", path: "/api/admin/sellers/{id}/approve", handler: "admin/approve-seller", role: "admin" },
  { method: "POST", path: "/api/admin/sellers/{id}/reject", handler: "admin/reject-seller", role: "admin" },
  { method: "GET", path: "/api/admin/products", handler: "admin/list-products", role: "admin" },
  {
    method: "GET",
    path: "/api/admin/products/pending",
    handler: "admin/list-pending-products",
    role: "admin",
  },
  { method: "POST", path: "/api/admin/products", handler: "admin/create-product", role: "admin" },
  { method: "PATCH", path: "/api/admin/products/{id}", handler: "admin/update-product", role: "admin" },
  { method: "DELETE", path: "/api/admin/products/{id}", handler: "admin/delete-product", role: "admin" },
  {
    method: "POST",
    path: "/api/admin/products/{id}/approve",
    handler: "admin/approve-product",
    role: "admin",
  },
  { method: "POST", path: "/api/admin/products/{id}/reject", handler: "admin/reject-product", role: "admin" },
  { method: "GET", path: "/api/admin/auctions", handler: "admin/list-auctions", role: "admin" },
  {
    method: "GET",
    path: "/api/admin/auctions/expired",
    handler: "admin/list-expired-wins",
    role: "admin",
  },
  {
    method: "POST",
    path: "/api/admin/auctions/{id}/relist",
    handler: "admin/relist-auction",
    role: "admin",
  },
  { method: "GET", path: "/api/admin/orders/late", handler: "admin/list-late-orders", role: "admin" },
  { method: "GET", path: "/api/admin/referrals", handler: "admin/list-referrals", role: "admin" },
  { method: "GET", path: "/api/admin/users", handler: "admin/list-users", role: "admin" },
  { method: "GET", path: "/api/admin/stats/users", handler: "admin/get-user-stats", role: "admin" },
  { method: "GET", path: "/api/admin/stats/daily", handler: "admin/get-daily-stats", role: "admin" },
  {
    method: "POST",
    path: "/api/admin/users/{id}/reset-password",
    handler: "admin/reset-password",
    role: "admin",
  },
  { method: "POST", path: "/api/admin/users/{id}/adjust-bids", handler: "admin/adjust-bids", role: "admin" },
  { method: "DELETE", path: "/api/admin/users/{id}", handler: "admin/delete-user", role: "admin" },
  { method: "GET", path: "/api/admin/bid-packages", handler: "admin/list-bid-packages", role: "admin" },
  {
    method: "GET",
    path: "/api/admin/support/messages",
    handler: "admin/list-support-messages",
    role: "admin",
  },
  {
    method: "POST",
    path: "/api/admin/support/messages/{id}/answered",
    handler: "admin/answer-support-message",
    role: "admin",
  },
  { method: "POST", path: "/api/admin/bid-packages", handler: "admin/create-bid-package", role: "admin" },
  {
    method: "PATCH",
    path: "/api/admin/bid-packages/{id}",
    handler: "admin/update-bid-package",
    role: "admin",
  },

  {
    method: "PUT",
    path: "/api/admin/spot-prices/{metal}",
    handler: "admin/put-spot-price",
    role: "admin",
  },

  // local stack only
  {
    method: "GET",
    path: "/api/dev/outbox",
    handler: "dev/list-outbox",
    // Anyone on the developer's machine reads any address's mail: it is the stand-in for their inbox.
    role: "public",
    localStackOnly: true,
  },
  {
    method: "GET",
    path: "/api/dev/push",
    handler: "dev/list-push",
    // The local push service's record of what reached each user's browsers, like the outbox.
    role: "public",
    localStackOnly: true,
  },
] as const satisfies readonly HttpRoute[];

/** The table, as every reader but the types below sees it. */
export const httpRoutes: readonly HttpRoute[] = routeTable;

/**
 * The routes a stage serves: the local payment provider's routes only with it, Stripe's webhook only
 * with Stripe (the local provider credits in-process, so there is no public webhook to forge), and the
 * local stack's developer tools only there. The CDK app deploys these and the local gateway serves these.
 */
export function routesFor(
  provider: PaymentProviderName,
  where: "aws" | "local-stack" = "aws",
): readonly HttpRoute[] {
  return httpRoutes.filter(
    (route) =>
      (provider === "local" ? !route.stripeOnly : !route.localPaymentsOnly) &&
      (where === "local-stack" || !route.localStackOnly),
  );
}

/** Handlers that talk to Stripe on a Stripe stage (and so read its secrets). */
export const stripeCallers: readonly string[] = routesFor("stripe")
  .filter((route) => route.callsPaymentProvider)
  .map((route) => route.handler);

const HANDLER_ID = /^[a-z0-9-]+\/[a-z0-9-]+$/;

/** Handler id "area/name" -> "area/name.ts" under functions/handlers/ (the CDK app and the local stack both load it). */
export function handlerSourceFile(handlerId: string): string {
  if (!HANDLER_ID.test(handlerId)) throw new Error(`Invalid handler id "${handlerId}"`);
  return `${handlerId}.ts`;
}

export type HandlerId = (typeof routeTable)[number]["handler"];

/** WebSocket routes of the realtime API (handlers under functions/handlers/). */
export const socketRoutes = [
  { routeKey: "$connect", handler: "realtime/connect" },
  { routeKey: "$disconnect", handler: "realtime/disconnect" },
  { routeKey: "$default", handler: "realtime/default" },
] as const;

export const eventHandlers = {
  /** DynamoDB Stream of the table -> bid_placed / auction_ended messages. */
  broadcaster: "realtime/broadcaster",
  /** EventBridge Scheduler one-time schedule at an auction's end -> finalize or re-arm. */
  auctionCloser: "auctions/close-auction",
  /** SQS delay messages -> one Bid Agent check of one auction (functions/usecases/agents/run-agents.ts). */
  agentEngine: "agents/run-agents",
  /** Every minute -> re-queue agent checks from the table (recovery). */
  agentSweep: "agents/sweep-agents",
  /**
   * Every 15 minutes -> payment reminders and expiry of unpaid wins (functions/usecases/orders/payment-deadlines.ts),
   * and the ship-by reminders to sellers and late orders (functions/usecases/orders/ship-by.ts).
   */
  paymentDeadlineSweep: "orders/sweep-payment-deadlines",
  /**
   * DynamoDB Stream of the table -> email events on the email queue (functions/domain/notifications.ts)
   * and the daily and hourly aggregates of the Stats charts: one reader for both.
   */
  tableChanges: "stream/table-changes",
  /**
   * The email queue -> one email per event, exactly once (SES in AWS, the outbox locally), and one Web
   * Push per alert event (the browsers' push services in AWS, the local push service locally).
   */
  emailSender: "alerts/send-alerts",
  /** Every minute -> ending-soon alerts of watched auctions on the email queue (functions/usecases/alerts/). */
  endingSoonAlerts: "alerts/ending-soon-sweep",
  /** Every spotPriceIntervalMinutes (EventBridge Scheduler) -> the spot prices from the provider (functions/usecases/spot-prices/). */
  spotPriceFetch: "spot-prices/fetch-spot-prices",
  /**
   * Every 6 hours (EventBridge rule) and at deploy time (a custom resource) -> the Event API's public
   * key renewed before it expires and served by GET /api/config (functions/usecases/realtime/rotate-api-keys.ts).
   */
  realtimeApiKeyRotation: "realtime/rotate-api-keys",
} as const;

/** The route of a handler the code names: a name that is not in the table does not compile. */
export function findRoute(handler: HandlerId): HttpRoute {
  return routeOfHandler(handler);
}

/** The route of a handler id read from the table or from a file's path (functions/handlers/<id>.ts). */
export function routeOfHandler(handler: string): HttpRoute {
  const route = httpRoutes.find((r) => r.handler === handler);
  if (!route) throw new Error(`No route in functions/routes.ts uses handler "${handler}"`);
  return route;
}
