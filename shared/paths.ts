/**
 * Every route of docs/product.md section 2, written once for the web's router and links and the emails'
 * links back. `path` is the router pattern, `getHref` builds a link.
 */
export const paths = {
  home: {
    path: "/",
    getHref: () => "/",
    /** The live grid showing only beginner auctions (for bidders who have not won yet). */
    getBeginnerHref: () => "/?beginner=1#live-auctions",
  },
  auction: { path: "/auction/:id", getHref: (id: string) => `/auction/${encodeURIComponent(id)}` },
  auctionAlt: { path: "/auctions/:id", getHref: (id: string) => `/auctions/${encodeURIComponent(id)}` },
  /** An auction's public bid ledger, verified in the browser. */
  auctionLedger: {
    path: "/auction/:id/ledger",
    getHref: (id: string) => `/auction/${encodeURIComponent(id)}/ledger`,
  },
  /** The former Won Auctions page: redirects to myWins, the one wins page. */
  wonAuctions: { path: "/auctions/won", getHref: () => "/auctions/won" },
  checkout: { path: "/checkout", getHref: () => "/checkout" },
  orderCheckout: {
    path: "/order-checkout/:auctionId",
    getHref: (auctionId: string) => `/order-checkout/${encodeURIComponent(auctionId)}`,
    /** The same checkout for a Buy It Now order (docs/product.md). */
    getBuyNowHref: (auctionId: string) => `/order-checkout/${encodeURIComponent(auctionId)}?buyNow=1`,
  },
  paymentSuccess: { path: "/payment-success", getHref: () => "/payment-success" },
  bidPackages: { path: "/bid-packages", getHref: () => "/bid-packages" },
  login: { path: "/login", getHref: () => "/login" },
  register: { path: "/register", getHref: () => "/register" },
  forgotPassword: { path: "/forgot-password", getHref: () => "/forgot-password" },
  /** The link of a password reset email (`#token=`: a fragment never reaches a server or its logs). */
  resetPassword: {
    path: "/reset-password",
    getHref: (token?: string) =>
      token ? `/reset-password#token=${encodeURIComponent(token)}` : "/reset-password",
  },
  /** The link of a verification email (`#token=`, like the reset link's). */
  verifyEmail: {
    path: "/verify-email",
    getHref: (token?: string) =>
      token ? `/verify-email#token=${encodeURIComponent(token)}` : "/verify-email",
  },
  sessions: { path: "/sessions", getHref: () => "/sessions" },
  /** Two-factor sign-in: enrol, see the recovery codes left, turn it off. */
  twoFactor: { path: "/account/two-factor", getHref: () => "/account/two-factor" },
  account: { path: "/account", getHref: () => "/account" },
  /** The account's invitation link and what it earned. */
  inviteFriends: { path: "/account/invite", getHref: () => "/account/invite" },
  sellerDashboard: { path: "/seller-dashboard", getHref: () => "/seller-dashboard" },
  sellerOrders: { path: "/seller-orders", getHref: () => "/seller-orders" },
  admin: { path: "/admin", getHref: () => "/admin" },
  howItWorks: { path: "/how-it-works", getHref: () => "/how-it-works" },
  fairness: { path: "/fairness", getHref: () => "/fairness" },
  spendingLimits: { path: "/spending-limits", getHref: () => "/spending-limits" },
  notifications: { path: "/notifications", getHref: () => "/notifications" },
  /** The local stack's outbox (exists only in the dev server: import.meta.env.DEV). */
  devOutbox: { path: "/dev/outbox", getHref: () => "/dev/outbox" },
  help: { path: "/help", getHref: () => "/help" },
  contact: { path: "/contact", getHref: () => "/contact" },
  shipping: { path: "/shipping", getHref: () => "/shipping" },
  terms: { path: "/terms", getHref: () => "/terms" },
  privacy: { path: "/privacy", getHref: () => "/privacy" },
  auctionRules: { path: "/auction-rules", getHref: () => "/auction-rules" },
  myWins: { path: "/my-wins", getHref: () => "/my-wins" },
  /** The signed-in user's watchlist. */
  watching: { path: "/watching", getHref: () => "/watching" },
  recentWinners: { path: "/recent-winners", getHref: () => "/recent-winners" },
  orders: { path: "/orders", getHref: () => "/orders" },
  notFound: { path: "*", getHref: () => "/404" },
} as const;
