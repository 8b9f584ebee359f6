/**
 * Least privilege on the one table: for every function, the partition-key prefixes it may read and
 * the ones it may write (functions/adapters/dynamo/keys.ts makes every key `<PREFIX>#...`, or `STATS`),
 * and whether it queries the indexes. CDK turns each grant into `dynamodb:LeadingKeys` conditions
 * (infra/constructs/product-function.ts); the integration suite records what every handler really
 * sends to the table and fails on anything outside its grant
 * (tests/integration/support/record-table-access.ts). Pure data: no CDK here.
 *
 * Every HTTP route also reads its caller's session (SESSION#) and may touch it: the touch is a separate,
 * attribute-limited grant (sessionTouchAttributes), not part of these lists.
 */
export type KeyPrefix =
  | "USER#"
  | "USERNAME#"
  | "EMAIL#"
  | "SESSION#"
  | "SELLER#"
  | "PRODUCT#"
  | "AUCTION#"
  | "BIDS#"
  | "AGENTS#"
  | "BIDDERS#"
  | "PACKAGE#"
  | "PURCHASE#"
  | "LOCALPI#"
  | "ORDER#"
  | "ORDERPAYMENT#"
  | "CONN#"
  | "WATCH#"
  | "WATCHLIST#"
  | "LOGINRATE#"
  | "EMAILSENT#"
  | "OUTBOX#"
  | "PUSHSUB#"
  | "PUSHENDPOINT#"
  | "PUSHOUTBOX#"
  | "STATS"
  | "STATSDAY#"
  | "STATSHOUR#"
  | "STATSBIDDER#"
  | "STATSEVENT#"
  | "PAIDCREDITS#"
  | "ACCOUNTTOKEN#"
  | "PASSKEY#"
  | "REFERRALCODE#"
  | "SPOT#"
  | "LIVEKEY#"
  | "SUPPORT#";

export interface TableGrant {
  /** Prefixes it reads (GetItem, BatchGetItem, Query, ConditionCheckItem); writes imply reads. */
  read: readonly KeyPrefix[];
  /** Prefixes it writes (PutItem, UpdateItem, DeleteItem). */
  write: readonly KeyPrefix[];
  /** Queries the table's indexes (KEYS_ONLY projections: keys, never attributes). */
  indexes?: boolean;
  /**
   * Prefixes it reads and writes only with the local payment provider, which never runs where the
   * function is deployed (a Stripe-only route the integration suite calls directly): allowed to the
   * suite, never granted in AWS.
   */
  localProviderOnly?: readonly KeyPrefix[];
  /**
   * Prefixes it reads only through a projection (GetItem / BatchGetItem of these attributes alone):
   * their own statement, limited by `dynamodb:Attributes` and `dynamodb:Select` (the key attributes are
   * in the list, as AWS's example has them), and not in `read`.
   */
  projected?: readonly { prefix: KeyPrefix; attributes: readonly string[] }[];
}

/** What the bidder badges read of an account (functions/adapters/dynamo/users-repo.ts getAccountsCreatedAt). */
export const badgeAttributes = ["pk", "sk", "id", "createdAt"] as const;

/** The attributes the session touch writes (functions/adapters/dynamo/sessions-repo.ts touchSession), keys included. */
export const sessionTouchAttributes = ["pk", "sk", "lastSeenAt", "expiresAt", "createdAt"] as const;

const grant = (read: KeyPrefix[], write: KeyPrefix[] = [], indexes = false): TableGrant => ({
  read,
  write,
  indexes,
});

export const TABLE_GRANTS: Record<string, TableGrant> = {
  // auth
  // REFERRALCODE#: whose code an invitation link carries (the invitation is written under both users).
  "auth/register": grant(
    ["REFERRALCODE#"],
    ["USER#", "USERNAME#", "EMAIL#", "SESSION#", "SELLER#", "STATS", "LOGINRATE#", "ACCOUNTTOKEN#"],
  ),
  // ACCOUNTTOKEN#: a sign-in waiting for its second factor.
  "auth/login": grant(["USERNAME#", "EMAIL#", "USER#"], ["USER#", "SESSION#", "LOGINRATE#", "ACCOUNTTOKEN#"]),
  // USER#: the two-factor item's used step or recovery code.
  "auth/login-two-factor": grant(["USER#"], ["ACCOUNTTOKEN#", "USER#", "SESSION#", "LOGINRATE#"]),
  "auth/logout": grant([], ["SESSION#", "USER#"]),
  "auth/me": grant(["USER#"]),
  "auth/change-password": grant(["USER#"], ["USER#", "SESSION#", "LOGINRATE#"]),
  // ACCOUNTTOKEN#: one-time links; EMAIL#: a verified new address takes its guard from the old one;
  // PAIDCREDITS#: an invitation rewarded at the verification records its voucher bids as free credits.
  "auth/verify-email": grant(["USER#"], ["ACCOUNTTOKEN#", "USER#", "EMAIL#", "PAIDCREDITS#"]),
  "auth/resend-verification": grant(["USER#"], ["LOGINRATE#", "ACCOUNTTOKEN#"]),
  // Only counts and queues: the sender looks the address up (usecases/accounts/reset-requests.ts).
  "auth/forgot-password": grant([], ["LOGINRATE#"]),
  // PASSKEY#: a reset removes every passkey.
  "auth/reset-password": grant(["USER#", "PASSKEY#"], ["ACCOUNTTOKEN#", "USER#", "SESSION#", "PASSKEY#"]),
  "me/list-sessions": grant(["USER#", "SESSION#"]),
  "me/delete-session": grant(["USER#", "SESSION#"], ["USER#", "SESSION#"]),
  "me/delete-other-sessions": grant(["USER#"], ["USER#", "SESSION#"]),
  "me/get-two-factor": grant(["USER#"]),
  // LOGINRATE#: the password typed again counts like a login.
  "me/setup-two-factor": grant(["USER#"], ["USER#", "LOGINRATE#"]),
  // SESSION#: the session it is turned on in has proved a second factor.
  "me/confirm-two-factor": grant(["USER#"], ["USER#", "SESSION#", "LOGINRATE#"]),
  "me/disable-two-factor": grant(["USER#"], ["USER#", "LOGINRATE#"]),
  // PASSKEY#: credentials by id; USER#: the user's list of them; ACCOUNTTOKEN#: single-use challenges.
  "me/list-passkeys": grant(["USER#", "PASSKEY#"]),
  "me/passkey-options": grant(["USER#", "PASSKEY#"], ["ACCOUNTTOKEN#", "LOGINRATE#"]),
  "me/add-passkey": grant(["USER#", "PASSKEY#"], ["ACCOUNTTOKEN#", "PASSKEY#", "USER#"]),
  "me/delete-passkey": grant(["USER#", "PASSKEY#"], ["PASSKEY#", "USER#"]),
  "auth/passkey-options": grant([], ["ACCOUNTTOKEN#"]),
  // SESSION#/USER#: the session it makes, as a login does.
  "auth/login-passkey": grant(["USER#", "PASSKEY#"], ["ACCOUNTTOKEN#", "PASSKEY#", "SESSION#", "USER#"]),
  "me/put-email": grant(["USER#", "EMAIL#"], ["USER#", "LOGINRATE#", "ACCOUNTTOKEN#"]),
  // Everything the product holds about the caller: their bid tallies, agents, orders, purchases, watchlist, passkeys and push endpoints.
  "me/export": grant(
    ["USER#", "SESSION#", "BIDDERS#", "AGENTS#", "ORDER#", "PURCHASE#", "WATCHLIST#", "PASSKEY#", "PUSHSUB#"],
    [],
    true,
  ),
  // Stops agents (AUCTION#: their credits go back), closes the open payment like self-exclusion, expires
  // unpaid wins (AUCTION#, ORDER#) as their deadline would, blanks order addresses, removes the watchlist,
  // frees the email guard, ends every session, deletes every passkey and push subscription.
  "me/delete-account": grant(
    ["USER#", "AGENTS#", "ORDER#", "LOCALPI#", "PURCHASE#", "AUCTION#"],
    [
      "USER#",
      "WATCHLIST#",
      "EMAIL#",
      "SESSION#",
      "LOGINRATE#",
      "AGENTS#",
      "AUCTION#",
      "ORDER#",
      "LOCALPI#",
      "PURCHASE#",
      "PAIDCREDITS#",
      "PASSKEY#",
      "PUSHSUB#",
      "PUSHENDPOINT#",
    ],
    true,
  ),
  // LIVEKEY#: the Event API key the rotation serves.
  "config/get-config": grant(["LIVEKEY#"]),
  // Counts the message against its sender's hour, stores it and queues its email to the support address.
  "support/create-message": grant([], ["LOGINRATE#", "SUPPORT#"]),
  "me/get-limits": grant(["USER#"], [], true),
  // REFERRALCODE#: the code made at the first ask is claimed under its own key (unique).
  "me/get-referral": grant(["USER#"], ["USER#", "REFERRALCODE#"]),
  "me/put-limits": grant(["USER#"], ["USER#"], true),
  // LOCALPI#/PURCHASE#: the open payment is canceled, or settled when it was paid meanwhile
  // (PAIDCREDITS#: a settled credit records what was paid for it); ORDER#/ORDERPAYMENT#: so are the
  // payments of the buyer's unpaid Buy It Now orders (a paid one refused and refunded).
  "me/self-exclusion": grant(
    ["USER#", "AGENTS#", "LOCALPI#", "PURCHASE#", "ORDER#", "ORDERPAYMENT#"],
    ["USER#", "AGENTS#", "AUCTION#", "LOCALPI#", "PURCHASE#", "PAIDCREDITS#", "ORDER#", "ORDERPAYMENT#"],
    true,
  ),
  "me/get-notifications": grant(["USER#"]),
  "me/put-notifications": grant(["USER#"], ["USER#"]),
  // AUCTION#: 404 for an auction that does not exist; the list shows each auction's live state,
  // finalizing one found over (the auction engine's rule).
  "watchlist/watch-auction": grant(["AUCTION#"], ["WATCHLIST#"]),
  "watchlist/unwatch-auction": grant(["AUCTION#"], ["WATCHLIST#"]),
  "watchlist/list-watchlist": grant(["AUCTION#", "SPOT#", "BIDDERS#", "PAIDCREDITS#"], ["AUCTION#"], true),

  // auctions and bidding
  // SPOT#: the spot prices of the melt values.
  "auctions/list-auctions": grant(["AUCTION#", "SPOT#", "BIDDERS#", "PAIDCREDITS#"], ["AUCTION#"], true),
  // BIDDERS#, PAIDCREDITS#: a win it finalizes works out its economics (the bidders' tallies and what
  // they paid for bids); the all-in cost is read from the auction, as its end kept it.
  "auctions/list-won-auctions": grant(
    ["AUCTION#", "ORDER#", "BIDDERS#", "PAIDCREDITS#", "SPOT#"],
    ["AUCTION#"],
    true,
  ),
  // BIDDERS#: a signed-in caller's own bids on it, PAIDCREDITS#: what they paid for bids (`me`).
  // USER#: the bidders' account creation times (their badges), projected to that alone, and IAM allows
  // nothing else of an account item (`projected`: its own attribute-limited statement).
  "auctions/get-auction": {
    ...grant(["AUCTION#", "BIDS#", "BIDDERS#", "PAIDCREDITS#", "SPOT#"], ["AUCTION#"]),
    projected: [{ prefix: "USER#", attributes: badgeAttributes }],
  },
  // USER#: the entries' bidder badges, as the detail's (projected).
  "auctions/get-ledger": {
    ...grant(["AUCTION#", "BIDS#"]),
    projected: [{ prefix: "USER#", attributes: badgeAttributes }],
  },
  // Recent winners: the winner's all-in cost is on the auction, as its end kept it.
  "auctions/list-ended-auctions": grant(["AUCTION#", "SPOT#"], [], true),
  // The wins index: beginner auctions and the win limit.
  // WATCHLIST#: a bidder who follows the auctions they bid on joins this one's followers (once).
  "auctions/place-bid": grant(
    ["AUCTION#", "BIDS#", "SPOT#", "PAIDCREDITS#"],
    ["USER#", "AUCTION#", "BIDS#", "BIDDERS#", "WATCHLIST#"],
    true,
  ),
  "auctions/put-agent": grant(["AUCTION#", "AGENTS#", "BIDDERS#"], ["AGENTS#", "USER#", "AUCTION#"], true),
  // AUCTION#: no agent is null on an auction that exists, 404 on one that does not.
  "auctions/get-agent": grant(["AGENTS#", "AUCTION#"]),
  "auctions/delete-agent": grant(["AGENTS#"], ["AGENTS#", "USER#", "AUCTION#"]),
  // Buy It Now: the offer reads the caller's tally and what they paid for bids; the purchase takes
  // stock, writes the order, records the credit and cancels the buyer's agent (credits back to USER#).
  "auctions/get-buy-now": grant(["AUCTION#", "BIDDERS#", "USER#", "PAIDCREDITS#", "SPOT#"], ["AUCTION#"]),
  "auctions/buy-now": grant(
    ["AUCTION#", "BIDDERS#", "USER#", "AGENTS#", "SPOT#"],
    ["AUCTION#", "BIDDERS#", "ORDER#", "AGENTS#", "USER#", "PAIDCREDITS#"],
  ),
  // Exchanging a win: the auction, its order guard (AUCTION#) and order, the winner's tally and balance.
  "auctions/exchange-win": grant(
    ["AUCTION#", "BIDDERS#", "USER#"],
    ["AUCTION#", "ORDER#", "BIDDERS#", "USER#"],
  ),

  // bid credits
  "payments/list-bid-packages": grant(["PACKAGE#"], [], true),
  // Crediting checks the limits: the spending tally on USER#, or (before a user's first tallied
  // credit) their purchases index; a refused payment is refunded (LOCALPI# on the local provider).
  // Starting a payment cancels the buyer's open one, or settles it when it was paid meanwhile.
  // PAIDCREDITS#: a credited purchase records what was paid for its credits, a refund takes it back.
  "payments/create-payment-intent": grant(
    ["PACKAGE#", "USER#", "LOCALPI#", "PURCHASE#"],
    ["LOCALPI#", "USER#", "PURCHASE#", "PAIDCREDITS#"],
    true,
  ),
  "payments/verify-payment": grant(
    ["LOCALPI#", "PURCHASE#", "USER#"],
    ["PURCHASE#", "USER#", "LOCALPI#", "PAIDCREDITS#"],
    true,
  ),
  // Deployed only with Stripe (which refunds through its API); the suite's webhooks refund local intents.
  "payments/stripe-webhook": {
    ...grant(
      ["ORDER#", "PURCHASE#", "ORDERPAYMENT#", "USER#"],
      ["PURCHASE#", "USER#", "ORDER#", "ORDERPAYMENT#", "PAIDCREDITS#"],
      true,
    ),
    localProviderOnly: ["LOCALPI#"],
  },
  "payments/confirm-local-payment": grant(
    ["LOCALPI#", "ORDER#", "PURCHASE#", "ORDERPAYMENT#", "USER#"],
    ["LOCALPI#", "PURCHASE#", "USER#", "ORDER#", "ORDERPAYMENT#", "PAIDCREDITS#"],
    true,
  ),

  // orders
  // BIDDERS#, PAIDCREDITS#: a win the checkout finalizes works out its economics (the winner's all-in with them).
  "orders/create-order": grant(
    ["AUCTION#", "USER#", "BIDDERS#", "PAIDCREDITS#", "SPOT#"],
    ["AUCTION#", "ORDER#"],
  ),
  // A late Buy It Now payment settled here is checked against the buyer's limits (USER#, their
  // purchases index), counted in their tally, or refused (ORDERPAYMENT#) and refunded (LOCALPI#).
  "orders/list-buyer-orders": grant(
    ["ORDER#", "LOCALPI#", "AUCTION#", "USER#", "ORDERPAYMENT#", "SPOT#"],
    ["ORDER#", "ORDERPAYMENT#", "USER#", "LOCALPI#"],
    true,
  ),
  "orders/list-seller-orders": grant(["ORDER#", "USER#", "SELLER#", "SPOT#"], [], true),
  // A Buy It Now payment starts only within the buyer's self-exclusion and limits (USER#, their
  // purchases index); one found paid is settled like the webhook does.
  "orders/create-order-payment-intent": grant(
    ["ORDER#", "LOCALPI#", "USER#", "ORDERPAYMENT#"],
    ["LOCALPI#", "ORDER#", "ORDERPAYMENT#", "USER#"],
    true,
  ),
  "orders/update-shipping": grant(["ORDER#", "USER#", "SELLER#"], ["ORDER#"]),
  // The buyer's cancel of a late order: the order, the bids given back (USER#, PAIDCREDITS#) and the
  // refund (LOCALPI# with the local provider).
  "orders/cancel-order": grant(
    ["ORDER#", "USER#", "PAIDCREDITS#", "LOCALPI#"],
    ["ORDER#", "USER#", "PAIDCREDITS#", "LOCALPI#"],
  ),

  // seller
  "seller/get-seller-profile": grant(["USER#", "SELLER#"]),
  "seller/update-seller-profile": grant(["USER#", "SELLER#"], ["SELLER#"]),
  "seller/list-seller-products": grant(["USER#", "SELLER#", "PRODUCT#", "SPOT#"], [], true),
  "seller/create-seller-product": grant(["USER#", "SELLER#"], ["PRODUCT#"]),
  "seller/list-seller-auctions": grant(
    ["USER#", "SELLER#", "AUCTION#", "SPOT#", "BIDDERS#", "PAIDCREDITS#"],
    ["AUCTION#"],
    true,
  ),
  // Reads whether the seller is approved; the photo itself goes to the media bucket, never the table.
  "seller/create-upload": grant(["USER#", "SELLER#"]),
  // The seller's own daily aggregates.
  "seller/get-daily-stats": grant(["USER#", "SELLER#", "STATSDAY#"]),

  // admin
  "admin/list-pending-sellers": grant(["SELLER#", "USER#"], [], true),
  "admin/approve-seller": grant(["SELLER#"], ["SELLER#"]),
  "admin/reject-seller": grant(["SELLER#"], ["SELLER#"]),
  "admin/list-products": grant(["PRODUCT#", "SELLER#", "SPOT#"], [], true),
  "admin/list-pending-products": grant(["PRODUCT#", "SELLER#", "SPOT#"], [], true),
  "admin/create-product": grant(["USER#", "SELLER#"], ["PRODUCT#", "SELLER#", "USER#"]),
  // SELLER#, SPOT#: the answer is the admin's product row (its seller's name, the melt value).
  "admin/update-product": grant(["PRODUCT#", "AUCTION#", "SELLER#", "SPOT#"], ["PRODUCT#", "AUCTION#"]),
  "admin/delete-product": grant(["PRODUCT#", "AUCTION#"], ["PRODUCT#", "AUCTION#"]),
  "admin/approve-product": grant(["PRODUCT#", "SELLER#", "AUCTION#", "USER#"], ["PRODUCT#", "AUCTION#"]),
  "admin/reject-product": grant(["PRODUCT#"], ["PRODUCT#"]),
  "admin/list-auctions": grant(["AUCTION#", "SPOT#", "BIDDERS#", "PAIDCREDITS#"], ["AUCTION#"], true),
  "admin/list-expired-wins": grant(["AUCTION#", "SPOT#"], [], true),
  "admin/list-late-orders": grant(["ORDER#", "SPOT#"], [], true),
  // The referrers' index (their REFERRER items, under USER#) and the inviters' accounts.
  "admin/list-referrals": grant(["USER#"], [], true),
  // Reads the expired win, its product and seller (and the seller's account); writes the new auction
  // and the expired win's relistedAs.
  "admin/relist-auction": grant(["AUCTION#", "PRODUCT#", "SELLER#", "USER#", "SPOT#"], ["AUCTION#"]),
  "admin/list-users": grant(["USER#"], [], true),
  "admin/get-user-stats": grant(["STATS"]),
  "admin/get-daily-stats": grant(["STATSDAY#", "STATSHOUR#"]),
  "admin/reset-password": grant(["USER#", "PASSKEY#"], ["USER#", "SESSION#", "PASSKEY#"]),
  // PAIDCREDITS#: a grant is recorded as credits received for free.
  "admin/adjust-bids": grant(["USER#"], ["USER#", "PAIDCREDITS#"]),
  "admin/delete-user": grant(
    ["USER#", "SELLER#"],
    ["USER#", "USERNAME#", "EMAIL#", "SESSION#", "SELLER#", "STATS"],
  ),
  "admin/list-support-messages": grant(["SUPPORT#"], [], true),
  "admin/answer-support-message": grant(["SUPPORT#"], ["SUPPORT#"]),
  "admin/list-bid-packages": grant(["PACKAGE#"], [], true),
  "admin/create-bid-package": grant(["PACKAGE#"], ["PACKAGE#"]),
  "admin/update-bid-package": grant(["PACKAGE#"], ["PACKAGE#"]),
  "admin/put-spot-price": grant(["SPOT#"], ["SPOT#"]),

  // spot prices
  "spot-prices/get-spot-prices": grant(["SPOT#"]),
  // Keeps each reading and moves the current prices (SPOT# both).
  "spot-prices/fetch-spot-prices": grant(["SPOT#"], ["SPOT#"]),
  // Records the Event API key GET /api/config serves.
  "realtime/rotate-api-keys": grant(["LIVEKEY#"], ["LIVEKEY#"]),

  // realtime
  "realtime/connect": grant(["SESSION#"], ["CONN#"]),
  "realtime/disconnect": grant([], ["CONN#", "WATCH#"]),
  "realtime/default": grant(["AUCTION#"], ["CONN#", "WATCH#"]),
  "realtime/broadcaster": grant(["CONN#", "WATCH#"], ["CONN#", "WATCH#"], true),

  // events
  "auctions/close-auction": grant(
    ["AUCTION#", "AGENTS#", "BIDDERS#", "PAIDCREDITS#", "SPOT#"],
    ["AUCTION#", "AGENTS#", "USER#"],
  ),
  "agents/run-agents": grant(
    ["AUCTION#", "AGENTS#", "USER#", "BIDS#", "PAIDCREDITS#", "SPOT#"],
    ["AGENTS#", "AUCTION#", "USER#", "BIDS#", "BIDDERS#", "WATCHLIST#"],
    true,
  ),
  "agents/sweep-agents": grant(["AUCTION#"], [], true),
  "orders/sweep-payment-deadlines": grant(["AUCTION#", "ORDER#"], ["AUCTION#", "ORDER#"], true),
  // The live auctions ending within the hour, their watchers (WATCHLIST#, where it marks the alert
  // sent) and those watchers' alert settings (USER#, the settings attribute only).
  "alerts/ending-soon-sweep": grant(["AUCTION#", "USER#"], ["WATCHLIST#"], true),
  // The recipient (a seller's user through SELLER#), the idempotency and outbid-window items, and the
  // outbox, which it writes only on the local stack (in AWS it sends through SES). Alerts also go as
  // Web Push: the recipient's subscriptions (PUSHSUB#, deleted when gone with their PUSHENDPOINT# owner)
  // and the local push service's record (PUSHOUTBOX#, local stack only). A queued password-reset
  // request finds its account by address (EMAIL#) and issues its link (ACCOUNTTOKEN#).
  "alerts/send-alerts": grant(
    ["USER#", "SELLER#", "EMAIL#"],
    ["EMAILSENT#", "OUTBOX#", "PUSHSUB#", "PUSHENDPOINT#", "PUSHOUTBOX#", "ACCOUNTTOKEN#"],
  ),

  // push: the caller's subscriptions, and whose each endpoint is.
  "push/get-public-key": grant([]),
  "push/subscribe": grant([], ["PUSHSUB#", "PUSHENDPOINT#"]),
  "push/unsubscribe": grant([], ["PUSHSUB#", "PUSHENDPOINT#"]),

  // local stack only (never deployed)
  "dev/list-outbox": grant(["OUTBOX#"]),
  "dev/list-push": grant(["PUSHOUTBOX#"]),
  // The stream's one reader besides the broadcaster (emails and stats). Reads nothing: the stream's images
  // carry everything it maps (its stream read is not a table grant). Writes the Stats counters, the
  // per-record guards and the per-day bidder markers; never the items it reads the stream of.
  "stream/table-changes": grant([], ["STATSDAY#", "STATSHOUR#", "STATSBIDDER#", "STATSEVENT#"]),
};

/** The grant of a handler; a handler without one cannot be deployed (infra tests) or run (integration). */
export function tableGrantOf(handlerId: string): TableGrant {
  const found = TABLE_GRANTS[handlerId];
  if (!found) throw new Error(`infra/table-access.ts declares no table grant for "${handlerId}"`);
  return found;
}

const READ_ACTIONS = new Set([
  "GetItem",
  "BatchGetItem",
  "Query",
  "ConditionCheckItem",
  "TransactGetItems",
  "Scan",
]);

/**
 * Whether an observed (action, target) is within a grant: `target` is a key prefix, or `index:<name>`
 * for an index Query. Reads are allowed on read and write prefixes; writes on write prefixes only.
 */
export function grantAllows(grant: TableGrant, action: string, target: string): boolean {
  if (target.startsWith("index:")) return action === "Query" && Boolean(grant.indexes);
  const prefix = target as KeyPrefix;
  if (grant.localProviderOnly?.includes(prefix)) return action !== "Scan";
  if (READ_ACTIONS.has(action)) {
    // A projected prefix: item reads only (the attributes are the IAM statement's to check).
    if (grant.projected?.some((p) => p.prefix === prefix))
      return action === "GetItem" || action === "BatchGetItem";
    return action !== "Scan" && (grant.read.includes(prefix) || grant.write.includes(prefix));
  }
  return grant.write.includes(prefix);
}
