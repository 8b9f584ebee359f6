/** Business constants of docs/product.md section 9 and docs/architecture.md section 4, in one place. */
export const BID_COST_CREDITS = 1;
export const BID_INCREMENT_CENTS = 1;
export const TIMER_EXTENSION_SECONDS = 10;
export const DEFAULT_AUCTION_DURATION_SECONDS = 24 * 60 * 60;
export const DEFAULT_STARTING_PRICE = "0.50";
export const DEFAULT_COUNTRY = "US";
export const RECENT_BIDS_SHOWN = 10;
export const HOME_SKELETON_CARDS = 8;
export const DASHBOARD_PLACEHOLDERS = 3;
export const RECENT_REGISTRATIONS_HOURS = 24;
export const RECENT_REGISTRATIONS_SHOWN = 5;
export const POLL_INTERVAL_MS = 1000;
export const PACKAGES_CACHE_MS = 10 * 60 * 1000;
export const COUNTDOWN_WARNING_SECONDS = 5 * 60;
export const COUNTDOWN_URGENT_SECONDS = 60;
export const CONFETTI_DURATION_MS = 3000;
export const CONFETTI_BURST_INTERVAL_MS = 250;
export const SOCKET_RECONNECT_BASE_MS = 1000;
export const SOCKET_RECONNECT_MAX_MS = 30_000;
export const SESSION_DAYS = 30;
export const SESSION_COOKIE = "sid";
/**
 * A readable hint set and cleared beside the HttpOnly session cookie: it says only that a session
 * may exist, so the site asks GET /api/auth/me (whose 401 for anonymous callers stays as documented)
 * only when there is someone to ask about, and an anonymous visit logs no 401.
 */
export const SIGNED_IN_HINT_COOKIE = "signed_in";

export const ROLES = ["buyer", "seller", "admin"] as const;
export type UserRole = (typeof ROLES)[number];

export const METAL_TYPES = ["gold", "silver", "platinum", "mixed"] as const;
export type MetalType = (typeof METAL_TYPES)[number];

export const AUCTION_STATUSES = ["active", "ended", "won"] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending", "paid", "refunded", "disputed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SHIPPING_STATUSES = ["pending", "shipped", "delivered"] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** Buy It Now stays open this many days after the auction ends (functions/domain/buy-now.ts). */
export const BUY_NOW_DAYS_AFTER_END = 7;

/** How many auctions one socket may watch (`{"type":"watch"}`). */
export const MAX_WATCHED_AUCTIONS = 100;

/**
 * GET /api/auctions keeps its bare array when paged (`?limit=`, `?cursor=`): the next page's cursor
 * travels in this response header (absent on the last page), beside a `Link: <...>; rel="next"`.
 */
export const NEXT_CURSOR_HEADER = "x-next-cursor";

/** Paged lists: `?limit=` defaults to this many items (shared/schemas/pages.ts reads it). */
export const DEFAULT_PAGE_LIMIT = 20;
/** Paged lists: `?limit=` is at most this; kept here so a page can ask for it without loading zod. */
export const MAX_PAGE_LIMIT = 100;
