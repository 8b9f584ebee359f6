/**
 * Every key format of the table, in one place (docs/architecture.md section 3). Repositories build keys only
 * through these helpers. Index usage:
 *  gsi1: lists by kind and status   (USERS, SELLERS#status, PRODUCTS#status, AUCTIONS#status, PACKAGES, CONNS#shard,
 *        SUPPORT, REFERRERS)
 *  gsi2: lists by owner             (SELLER#id#PRODUCTS, SELLER#id#AUCTIONS, SELLER#id#ORDERS)
 *  gsi3: lists by user              (USER#id#WINS, USER#id#ORDERS, USER#id#BIDS, USER#id#WATCHLIST, ...), and the live
 *        auctions by scheduled end (AUCTIONS#live: an auction is there while active, in its winner's
 *        wins once won)
 *  gsi4: the unpaid wins and Buy It Now orders by their next payment step (PAYDUE), so the deadline
 *        sweep reads only what is due; the wins that expired unpaid, until listed again (PAYEXPIRED);
 *        the paid orders not shipped yet by their next ship-by step (SHIPDUE), and the late ones (SHIPLATE)
 *  gsi5: the won auctions by when they ended (AUCTIONS#won#ended), newest ended first for Recent winners
 */
import type { AttemptScope } from "../../domain/login-throttle.ts";
import type { IndexName } from "./table-definition.ts";

const USER_SESSION_PREFIX = "SESSION#";
const USER_PASSKEY_PREFIX = "PASSKEY#";

export const keys = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: "PROFILE" }),
  usernameGuard: (username: string) => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: "GUARD" }),
  emailGuard: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: "GUARD" }),
  session: (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: "SESSION" }),
  /** Lets a password reset or user deletion find and end every session of a user. */
  userSession: (userId: string, tokenHash: string) => ({
    pk: `USER#${userId}`,
    sk: `${USER_SESSION_PREFIX}${tokenHash}`,
  }),
  /** The sort-key prefix of a user's session pointers, and the token hash it ends with. */
  userSessionPrefix: () => USER_SESSION_PREFIX,
  tokenHashOfUserSession: (sk: string) => sk.slice(USER_SESSION_PREFIX.length),
  seller: (id: string) => ({ pk: `SELLER#${id}`, sk: "PROFILE" }),
  product: (id: string) => ({ pk: `PRODUCT#${id}`, sk: "PROFILE" }),
  auction: (id: string) => ({ pk: `AUCTION#${id}`, sk: "STATE" }),
  bid: (auctionId: string, sequence: number) => ({
    pk: `BIDS#${auctionId}`,
    sk: `BID#${String(sequence).padStart(10, "0")}`,
  }),
  bidsPartition: (auctionId: string) => `BIDS#${auctionId}`,
  /** A user's Bid Agent on an auction; one partition per auction, so the engine reads all with one Query. */
  agent: (auctionId: string, userId: string) => ({ pk: `AGENTS#${auctionId}`, sk: `USER#${userId}` }),
  agentsPartition: (auctionId: string) => `AGENTS#${auctionId}`,
  /**
   * A user's tally on an auction: bids placed (every bid adds one in its own transaction) and the Buy
   * It Now order, whose transaction is conditioned on that count, so the credit is exact to the bid.
   */
  bidder: (auctionId: string, userId: string) => ({ pk: `BIDDERS#${auctionId}`, sk: `USER#${userId}` }),
  /**
   * What a user paid for their bid credits (paid-credits-repo.ts): apart from the user item, so the
   * reads that show a bid's worth never reach the account's password or sessions.
   */
  paidCredits: (userId: string) => ({ pk: `PAIDCREDITS#${userId}`, sk: "SUMS" }),
  bidPackage: (id: string) => ({ pk: `PACKAGE#${id}`, sk: "PROFILE" }),
  purchase: (paymentIntentId: string) => ({ pk: `PURCHASE#${paymentIntentId}`, sk: "PURCHASE" }),
  /** PaymentIntents of the local payment provider (local dev and tests only; Stripe keeps its own). */
  localPaymentIntent: (id: string) => ({ pk: `LOCALPI#${id}`, sk: "INTENT" }),
  order: (id: string) => ({ pk: `ORDER#${id}`, sk: "PROFILE" }),
  orderGuard: (auctionId: string) => ({ pk: `AUCTION#${auctionId}`, sk: "ORDER" }),
  orderPayment: (paymentIntentId: string) => ({ pk: `ORDERPAYMENT#${paymentIntentId}`, sk: "PAYMENT" }),
  connection: (id: string) => ({ pk: `CONN#${id}`, sk: "CONN" }),
  /**
   * How many sockets an address holds open. Under CONN# (a connection id never holds "#"), so the
   * socket functions that write connections need no other grant.
   */
  addressConnections: (address: string) => ({ pk: `CONN#ADDRESS#${address}`, sk: "OPEN" }),
  /** A connection that watches an auction; one partition per auction, so a broadcast reads its watchers only. */
  watch: (auctionId: string, connectionId: string) => ({
    pk: `WATCH#${auctionId}`,
    sk: `CONN#${connectionId}`,
  }),
  watchersPartition: (auctionId: string) => `WATCH#${auctionId}`,
  /**
   * A user's watchlist entry of an auction. In the auction's own partition of entries, so the alerts
   * read whom to tell with one Query of that auction (cost: its watchers); the user's list is the
   * entry's gsi3 key (indexKeys.userWatchlist).
   */
  watchlistEntry: (auctionId: string, userId: string) => ({
    pk: `WATCHLIST#${auctionId}`,
    sk: `USER#${userId}`,
  }),
  watchlistPartition: (auctionId: string) => `WATCHLIST#${auctionId}`,
  /**
   * A bidder who asked for alerts on the auctions they bid on (notification setting
   * `alertsForBidAuctions`): beside the watchers in the auction's partition, so the same one Query
   * finds them, but without a gsi3 key, so it is never on their "Watching" list.
   */
  bidFollower: (auctionId: string, userId: string) => ({
    pk: `WATCHLIST#${auctionId}`,
    sk: `BIDDER#${userId}`,
  }),
  /** The sort-key prefix of an auction's watchers (its partition also holds liveDelivery). */
  watcherPrefix: () => "CONN#",
  /**
   * The latest state of an auction the broadcaster sent its watchers: the direct hand-off and the
   * stream both claim it, so each state goes out once. In the watchers' partition, not the auction's
   * (bids already write that one).
   */
  liveDelivery: (auctionId: string) => ({ pk: `WATCH#${auctionId}`, sk: "DELIVERED" }),
  /** An email event's idempotency item: claimed before sending, marked sent after (usecases/alerts/send-alerts.ts). */
  emailEvent: (eventKey: string) => ({ pk: `EMAILSENT#${eventKey}`, sk: "EVENT" }),
  /** When the last outbid email of an auction went to a user (at most one per window). */
  outbidEmailWindow: (auctionId: string, userId: string) => ({
    pk: `EMAILSENT#outbid-window#${auctionId}#${userId}`,
    sk: "WINDOW",
  }),
  /** The local stack's outbox: every email sent to an address, newest last in sort order. */
  outboxEmail: (to: string, sentAt: string, id: string) => ({
    pk: `OUTBOX#${to.toLowerCase()}`,
    sk: `${sentAt}#${id}`,
  }),
  outboxPartition: (to: string) => `OUTBOX#${to.toLowerCase()}`,
  /**
   * A user's Web Push subscription of one browser, under the user (the alerts' one Query of whom to
   * push) and named by its endpoint's hash (an endpoint is a few hundred characters).
   */
  pushSubscription: (userId: string, endpointHash: string) => ({
    pk: `PUSHSUB#${userId}`,
    sk: `ENDPOINT#${endpointHash}`,
  }),
  pushSubscriptionsPartition: (userId: string) => `PUSHSUB#${userId}`,
  /** Whose subscription an endpoint is: one user at a time (the browser's last signed-in user). */
  pushEndpoint: (endpointHash: string) => ({ pk: `PUSHENDPOINT#${endpointHash}`, sk: "OWNER" }),
  /** The local stack's push service: every push delivered to a user's browsers, newest last in sort order. */
  pushDelivery: (userId: string, sentAt: string, id: string) => ({
    pk: `PUSHOUTBOX#${userId}`,
    sk: `${sentAt}#${id}`,
  }),
  pushDeliveriesPartition: (userId: string) => `PUSHOUTBOX#${userId}`,
  userStats: () => ({ pk: "STATS", sk: "USERS" }),
  /** Whose aggregates: the platform's, or one seller's. */
  statsScope: (sellerId?: string) => (sellerId ? `SELLER#${sellerId}` : "PLATFORM"),
  /** Daily aggregates of a scope (`statsScope`); one item per UTC day. */
  statsDay: (scope: string, day: string) => ({ pk: `STATSDAY#${scope}`, sk: `DAY#${day}` }),
  /** Hourly aggregates (bids per hour); one item per UTC hour "YYYY-MM-DDTHH". */
  statsHour: (scope: string, hour: string) => ({ pk: `STATSHOUR#${scope}`, sk: `HOUR#${hour}` }),
  /** "This user bid on this day": written once (conditionally), so active bidders are counted distinct. */
  statsBidder: (day: string, userId: string) => ({ pk: `STATSBIDDER#${day}`, sk: `USER#${userId}` }),
  /** A stream record already counted (its eventID): a redelivered record counts nothing twice. */
  statsEvent: (eventId: string) => ({ pk: `STATSEVENT#${eventId}`, sk: "EVENT" }),
  loginAttempts: (scope: AttemptScope, value: string, window: number) => ({
    pk: `LOGINRATE#${scope}#${value.toLowerCase()}`,
    sk: `WINDOW#${window}`,
  }),
  /** A one-time account link (email verification, password reset), under its token's hash (domain/accounts.ts). */
  accountToken: (tokenHash: string) => ({ pk: `ACCOUNTTOKEN#${tokenHash}`, sk: "TOKEN" }),
  /** A user's authenticator secret, its recovery codes' hashes and the last code step used (domain/two-factor.ts). */
  twoFactor: (userId: string) => ({ pk: `USER#${userId}`, sk: "TWOFACTOR" }),
  /** A sign-in that passed its password and waits for its second factor, under its token's hash. */
  pendingLogin: (tokenHash: string) => ({ pk: `ACCOUNTTOKEN#${tokenHash}`, sk: "PENDINGLOGIN" }),
  /** A passkey by its credential id (base64url): what a sign-in looks up, with its owner, public key and counter. */
  passkey: (credentialId: string) => ({ pk: `PASSKEY#${credentialId}`, sk: "CREDENTIAL" }),
  /** A user's list of passkeys: one pointer item per credential under the user. */
  userPasskey: (userId: string, credentialId: string) => ({
    pk: `USER#${userId}`,
    sk: `${USER_PASSKEY_PREFIX}${credentialId}`,
  }),
  userPasskeyPrefix: () => USER_PASSKEY_PREFIX,
  /** How many passkeys a user holds, written in the same transaction as each add and removal. */
  userPasskeyCount: (userId: string) => ({ pk: `USER#${userId}`, sk: "PASSKEYCOUNT" }),
  /** A WebAuthn challenge handed out with a passkey request, under its id's hash; used once (domain/passkeys.ts). */
  passkeyChallenge: (idHash: string) => ({ pk: `ACCOUNTTOKEN#${idHash}`, sk: "PASSKEYCHALLENGE" }),
  /** An account's invitation code and counts (referrals-repo.ts), under the user. */
  referrer: (userId: string) => ({ pk: `USER#${userId}`, sk: "REFERRER" }),
  /** Whose a referral code is: what a registration with `referralCode` looks up, unique by its key. */
  referralCode: (code: string) => ({ pk: `REFERRALCODE#${code}`, sk: "OWNER" }),
  /** The invitation an account registered with (who invited it, and how far its reward got), under the invited user. */
  referral: (invitedId: string) => ({ pk: `USER#${invitedId}`, sk: "REFERRAL" }),
  /** An (account, address) pair's failed logins in a row and its last attempt (domain/login-throttle.ts). */
  loginPair: (pair: string) => ({ pk: `LOGINRATE#pair#${pair.toLowerCase()}`, sk: "FAILURES" }),
  /** A Contact Us message (support-repo.ts). */
  supportMessage: (id: string) => ({ pk: `SUPPORT#${id}`, sk: "MESSAGE" }),
} as const;

/** Sort keys that order by time and stay unique. */
/**
 * The Event API's public key that GET /api/config serves (usecases/realtime/rotate-api-keys.ts), apart
 * from `keys` so only the rotation and the config route carry it.
 */
export const liveKeys = {
  servedApiKey: () => ({ pk: "LIVEKEY#public", sk: "SERVED" }),
};

/**
 * The spot prices' keys, apart from `keys` so the functions that never read a price do not carry
 * them (a top-level constant no one imports is left out of the bundle; `keys` is one object).
 */
export const spotKeys = {
  /** The current spot price of every metal, in one item: each payload with a melt value reads it once. */
  current: () => ({ pk: "SPOT#CURRENT", sk: "PRICES" }),
  /** Every reading of a metal's price (the feed's, accepted or not, and the admin's), by quote time. */
  reading: (metal: string, at: string, source: string) => ({
    pk: `SPOT#${metal}`,
    sk: `${at}#${source}`,
  }),
};

export const timeSortKey = (isoTime: string, id: string) => `${isoTime}#${id}`;

export const indexKeys = {
  users: () => "USERS",
  sellersByStatus: (status: string) => `SELLERS#${status}`,
  productsByStatus: (status: string) => `PRODUCTS#${status}`,
  auctionsByStatus: (status: string) => `AUCTIONS#${status}`,
  packages: () => "PACKAGES",
  /** gsi1: every Contact Us message, by when it was sent. */
  supportMessages: () => "SUPPORT",
  connections: (shard: number) => `CONNS#${shard}`,
  sellerProducts: (sellerId: string) => `SELLER#${sellerId}#PRODUCTS`,
  sellerAuctions: (sellerId: string) => `SELLER#${sellerId}#AUCTIONS`,
  sellerOrders: (sellerId: string) => `SELLER#${sellerId}#ORDERS`,
  /**
   * gsi3: the live auctions, sorted by the end they were scheduled for. A bid moves the end only inside
   * the last extension window, so this order is the order of ending except among auctions already in
   * their last seconds (usecases/auctions/read-auctions.ts), and no bid rewrites an index key.
   */
  liveAuctions: () => "AUCTIONS#live",
  userWins: (userId: string) => `USER#${userId}#WINS`,
  /** gsi3: the auctions a user has bid on (the tally item, indexed at its first bid; sort key = that time). */
  userBids: (userId: string) => `USER#${userId}#BIDS`,
  buyerOrders: (userId: string) => `USER#${userId}#ORDERS`,
  /** gsi3: a user's bid-package purchases; the sort key carries time and amount (spending limits read keys only). */
  userPurchases: (userId: string) => `USER#${userId}#PURCHASES`,
  /** gsi3: the auctions a user watches (their WATCHLIST# entries), newest watched first. */
  userWatchlist: (userId: string) => `USER#${userId}#WATCHLIST`,
  /** gsi2: a user's Bid Agents, so self-exclusion can stop them all. */
  userAgents: (userId: string) => `USER#${userId}#AGENTS`,
  /**
   * gsi5: every won auction, sorted by its end (`<endedAt>#<id>`), written by the update that finalizes
   * it. Not gsi1's `AUCTIONS#won`, whose creation order the admin's lists merge with the other statuses.
   */
  wonAuctionsByEnd: () => "AUCTIONS#won#ended",
  /** gsi4: unpaid wins (auction items) and Buy It Now orders, sorted by their next payment step's time. */
  paymentDeadlines: () => "PAYDUE",
  /** gsi4: the wins that expired unpaid and were not listed again yet, newest expiry first (the admin's list). */
  expiredWins: () => "PAYEXPIRED",
  /** gsi1: every account that has an invitation code (its REFERRER item), newest code first (the admin's referrals). */
  referrers: () => "REFERRERS",
  /** gsi4: paid orders not shipped yet, sorted by their next ship-by step (a reminder to the seller, then late). */
  shipDeadlines: () => "SHIPDUE",
  /** gsi4: the orders past their ship-by moment unshipped, and those their buyer cancelled for it, by ship-by moment (the admin's list). */
  lateOrders: () => "SHIPLATE",
} as const;

export const CONNECTION_SHARDS = 8;

/**
 * The attributes every entity's item starts with: its table key, its type, and its entry in each index
 * that lists it (`gsi2: [partition, sort key]` is stored as gsi2pk / gsi2sk).
 */
export function itemHead(
  key: { pk: string; sk: string },
  type: string,
  indexes: Partial<Record<IndexName, readonly [partition: string, sortKey: string]>>,
): Record<string, string> {
  const entries = Object.entries(indexes).flatMap(([index, [partition, sortKey]]) => [
    [`${index}pk`, partition],
    [`${index}sk`, sortKey],
  ]);
  return { ...key, type, ...Object.fromEntries(entries) };
}
