import type { QueryKey } from "@tanstack/react-query";
import { adminQueries } from "@web/features/admin/api/queries.ts";
import { auctionQueries } from "@web/features/auctions/api/queries.ts";
import { notificationQueries } from "@web/features/notifications/api/queries.ts";
import { orderQueries } from "@web/features/orders/api/queries.ts";
import { outboxQueries } from "@web/features/outbox/api/queries.ts";
import { paymentQueries } from "@web/features/packages/api/queries.ts";
import { sellerQueries } from "@web/features/seller/api/queries.ts";
import { watchlistQueries } from "@web/features/watchlist/api/queries.ts";
import { api } from "@web/lib/api-client.ts";
import { appConfigQuery } from "@web/lib/app-config.ts";
import { bidPackagesQuery } from "@web/lib/bid-packages.ts";
import { buyNowQueries } from "@web/lib/buy-now.ts";
import { meQuery } from "@web/lib/current-user.ts";
import { limitsQuery } from "@web/lib/spending-limits.ts";
import { afterEach, describe, expect, it, vi } from "vitest";

// The keys the web read before the query factories: other code (and the default queryFn, which GETs
// the key's parts joined with "/") relies on these values, so the factories must keep them.
const KEYS: [string, QueryKey, QueryKey][] = [
  ["me", meQuery().queryKey, ["/api/auth/me"]],
  ["app config", appConfigQuery().queryKey, ["/api/config"]],
  ["limits", limitsQuery().queryKey, ["/api/me/limits"]],
  ["bid packages", bidPackagesQuery().queryKey, ["/api/bid-packages"]],
  ["buy-now offer", buyNowQueries.offer("a1", true).queryKey, ["/api/auctions", "a1", "buy-now"]],
  ["buy-now auction", orderQueries.buyNowAuction("a1").queryKey, ["/api/auctions", "a1"]],
  ["auctions", auctionQueries.list().queryKey, ["/api/auctions"]],
  ["auction", auctionQueries.detail("a1").queryKey, ["/api/auctions", "a1"]],
  ["agent", auctionQueries.agent("a1").queryKey, ["/api/auctions", "a1", "agent"]],
  ["admin user stats", adminQueries.userStats().queryKey, ["/api/admin/stats/users"]],
  ["admin daily stats", adminQueries.dailyStats(30).queryKey, ["/api/admin/stats/daily", 30]],
  ["pending sellers", adminQueries.pendingSellers().queryKey, ["/api/admin/sellers/pending"]],
  ["pending products", adminQueries.pendingProducts().queryKey, ["/api/admin/products/pending"]],
  ["admin products", adminQueries.products().queryKey, ["/api/admin/products"]],
  ["admin auctions", adminQueries.auctions().queryKey, ["/api/admin/auctions"]],
  ["admin users", adminQueries.users().queryKey, ["/api/admin/users"]],
  [
    "admin user pages",
    adminQueries.userPages({ q: "", role: "" }).queryKey,
    ["/api/admin/users", "pages", 50],
  ],
  [
    "admin user search",
    adminQueries.userPages({ q: "gold bug", role: "seller" }).queryKey,
    ["/api/admin/users", "pages", 50, { q: "gold bug", role: "seller" }],
  ],
  ["admin bid packages", adminQueries.bidPackages().queryKey, ["/api/admin/bid-packages"]],
  ["seller profile", sellerQueries.profile().queryKey, ["/api/seller/profile"]],
  ["seller products", sellerQueries.products().queryKey, ["/api/seller/products"]],
  ["seller auctions", sellerQueries.auctions().queryKey, ["/api/seller/auctions"]],
  ["seller daily stats", sellerQueries.dailyStats(30).queryKey, ["/api/seller/stats/daily", 30]],
  ["buyer orders", orderQueries.buyerOrders().queryKey, ["/api/orders/buyer"]],
  ["buyer order pages", orderQueries.buyerOrderPages().queryKey, ["/api/orders/buyer", "pages", 20]],
  ["seller orders", orderQueries.sellerOrdersAll(), ["/api/orders/seller"]],
  ["seller order pages", orderQueries.sellerOrderPages().queryKey, ["/api/orders/seller", "pages", 20]],
  ["won auctions", orderQueries.wonAuctions().queryKey, ["/api/auctions/won"]],
  ["won auction pages", orderQueries.wonAuctionPages().queryKey, ["/api/auctions/won", "pages", 20]],
  ["notifications", notificationQueries.notifications().queryKey, ["/api/me/notifications"]],
  ["outbox", outboxQueries.emails("a@b.c").queryKey, ["/api/dev/outbox", "a@b.c"]],
  ["watchlist pages", watchlistQueries.pages().queryKey, ["/api/me/watchlist", "pages", 20]],
  ["payment intent", paymentQueries.intent("p1").queryKey, ["/api/create-payment-intent", "p1"]],
  ["payment verification", paymentQueries.verification("pi_1").queryKey, ["/api/payments", "pi_1", "verify"]],
];

// Queries whose own queryFn reads exactly the path the default queryFn would form from the key.
const PATH_KEYED = [
  appConfigQuery(),
  limitsQuery(),
  bidPackagesQuery(),
  auctionQueries.list(),
  auctionQueries.detail("a1"),
  auctionQueries.agent("a1"),
  buyNowQueries.offer("a1", true),
  orderQueries.buyNowAuction("a1"),
  adminQueries.userStats(),
  adminQueries.pendingSellers(),
  adminQueries.pendingProducts(),
  adminQueries.products(),
  adminQueries.auctions(),
  adminQueries.users(),
  adminQueries.bidPackages(),
  sellerQueries.profile(),
  sellerQueries.products(),
  sellerQueries.auctions(),
  orderQueries.buyerOrders(),
  orderQueries.wonAuctions(),
  notificationQueries.notifications(),
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("query factories", () => {
  it.each(KEYS)("keep the %s key", (_name, key, expected) => {
    expect(key).toEqual(expected);
  });

  it("read the path their key names", async () => {
    const get = vi.spyOn(api, "get").mockResolvedValue({});
    // The live list and an auction's detail also want the time their answer arrived (the server clock).
    const getTimed = vi.spyOn(api, "getTimed").mockResolvedValue({ data: [], receivedAt: 0 });
    for (const query of PATH_KEYED) {
      get.mockClear();
      getTimed.mockClear();
      await (query.queryFn as () => Promise<unknown>)();
      const paths = [...get.mock.calls, ...getTimed.mock.calls].map(([path]) => path);
      expect(paths).toEqual([query.queryKey.join("/")]);
    }
  });

  it("give a whole list's key as the prefix of its pages' key, so invalidating one refreshes both", () => {
    expect(adminQueries.userPages({ q: "x", role: "" }).queryKey.slice(0, 1)).toEqual(
      adminQueries.users().queryKey,
    );
    expect(orderQueries.buyerOrderPages().queryKey.slice(0, 1)).toEqual(orderQueries.buyerOrders().queryKey);
    expect(orderQueries.wonAuctionPages().queryKey.slice(0, 1)).toEqual(orderQueries.wonAuctions().queryKey);
    expect(orderQueries.sellerOrderPages().queryKey.slice(0, 1)).toEqual(orderQueries.sellerOrdersAll());
  });
});
