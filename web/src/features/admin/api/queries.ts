import { listPagesQuery } from "@web/lib/list-pages.ts";
import { dailyStatsQuery, pathQuery } from "@web/lib/path-query.ts";
import type {
  AdminProduct,
  AdminUser,
  ExpiredWin,
  SellerApplication,
  UserStats,
} from "#shared/schemas/admin";
import type { AuctionSummary } from "#shared/schemas/auctions";
import type { AdminBidPackage } from "#shared/schemas/bid-packages";
import type { OrderView } from "#shared/schemas/orders";
import type { AdminReferrer } from "#shared/schemas/referrals";
import { type AdminDailyStats, DEFAULT_STATS_DAYS } from "#shared/schemas/stats";
import type { SupportMessageView } from "#shared/schemas/support";

const USERS_PATH = "/api/admin/users";

/** Every read of the admin panel; each key is the path it reads (docs/product.md section 7). */
export const adminQueries = {
  /** GET /api/admin/stats/users: the user counter. */
  userStats: () => pathQuery<UserStats>("/api/admin/stats/users"),
  /** GET /api/admin/stats/daily?days=N: the platform's daily aggregates and the last 48 hours of bids. */
  dailyStats: (days = DEFAULT_STATS_DAYS) => dailyStatsQuery<AdminDailyStats>("/api/admin/stats/daily", days),
  /** GET /api/admin/sellers/pending: applications waiting for a decision, oldest first. */
  pendingSellers: () => pathQuery<SellerApplication[]>("/api/admin/sellers/pending"),
  /** GET /api/admin/products/pending: products waiting for review, oldest first. */
  pendingProducts: () => pathQuery<AdminProduct[]>("/api/admin/products/pending"),
  /** GET /api/admin/products: every product, newest first. */
  products: () => pathQuery<AdminProduct[]>("/api/admin/products"),
  /** GET /api/admin/auctions: every auction, newest first. */
  auctions: () => pathQuery<AuctionSummary[]>("/api/admin/auctions"),
  /** GET /api/admin/auctions/expired: wins that expired unpaid and wait to be listed again, newest first. */
  expiredWins: () => pathQuery<ExpiredWin[]>("/api/admin/auctions/expired"),
  /** GET /api/admin/orders/late: paid orders not shipped by their shipBy, and those cancelled for it. */
  lateOrders: () => pathQuery<OrderView[]>("/api/admin/orders/late"),
  /** GET /api/admin/referrals: the accounts with an invitation code and their counts, most invitations first. */
  referrers: () => pathQuery<AdminReferrer[]>("/api/admin/referrals"),
  /** GET /api/admin/users: every user, newest registration first. Its key prefixes `userPages`, so invalidating it refreshes both. */
  users: () => pathQuery<AdminUser[]>(USERS_PATH),
  /** The users a page at a time, for the Users tab: `q` searched and `role` filtered on the server. */
  userPages: (filters: { q: string; role: string }) => listPagesQuery<AdminUser>(USERS_PATH, 50, filters),
  /** GET /api/admin/bid-packages: every package, inactive ones too, by bid count. */
  bidPackages: () => pathQuery<AdminBidPackage[]>("/api/admin/bid-packages"),
  /** GET /api/admin/support/messages: Contact Us messages, newest first. */
  supportMessages: () => pathQuery<SupportMessageView[]>("/api/admin/support/messages"),
};

/** The lists a product shows in: approving, rejecting or deleting one refetches all three. */
export function productListKeys() {
  return [
    adminQueries.pendingProducts().queryKey,
    adminQueries.products().queryKey,
    adminQueries.auctions().queryKey,
  ];
}
