/**
 * Watchlists: item `WATCHLIST#<auctionId>` / `USER#<userId>`, one per watched auction and user. The
 * auction's partition lists its watchers (the alerts' one Query); the entry's gsi3 key
 * (`USER#<userId>#WATCHLIST`, `<watchedAt>#<auctionId>`) lists the user's watchlist, newest first.
 */
import type { Page, PageRequest } from "#shared/schemas/pages";
import { deleteItem } from "./commands.ts";
import { putUnlessRefused, updateUnlessRefused } from "./conditions.ts";
import { listByIndex, queryAll } from "./index-lists.ts";
import { queryIndexPage } from "./index-pages.ts";
import { indexKeys, keys, timeSortKey } from "./keys.ts";

/** How a user follows an auction: the entry of their watchlist, or the one their bid made. */
type Follow = Pick<Watcher, "userId" | "via">;

const entryKey = (auctionId: string, follow: Follow) =>
  follow.via === "bid"
    ? keys.bidFollower(auctionId, follow.userId)
    : keys.watchlistEntry(auctionId, follow.userId);

const ENTRY_TYPE = { watchlist: "watchlistEntry", bid: "bidFollower" } as const;

/** Writes a follower's entry once: a conditional put, so a second call writes nothing and keeps what the first one wrote. */
async function putFollowEntry(auctionId: string, follow: Follow, fields: Record<string, unknown>) {
  await putUnlessRefused({
    Item: {
      ...entryKey(auctionId, follow),
      type: ENTRY_TYPE[follow.via],
      userId: follow.userId,
      auctionId,
      ...fields,
    },
    ConditionExpression: "attribute_not_exists(pk)",
  });
}

/**
 * Adds the auction to the user's watchlist; watching it again keeps the first entry (its place in the
 * list and whether its alert went), so a repeated PUT changes nothing.
 */
export async function putWatchlistEntry(userId: string, auctionId: string, now: number): Promise<void> {
  const watchedAt = new Date(now).toISOString();
  await putFollowEntry(
    auctionId,
    { userId, via: "watchlist" },
    {
      watchedAt,
      gsi3pk: indexKeys.userWatchlist(userId),
      gsi3sk: timeSortKey(watchedAt, auctionId),
    },
  );
}

export async function deleteWatchlistEntry(userId: string, auctionId: string): Promise<void> {
  await deleteItem({ Key: keys.watchlistEntry(auctionId, userId) });
}

/** One page of the auction ids a user watches, newest watched first (keys only: no item is read). */
export async function listWatchedAuctionIds(userId: string, page: PageRequest): Promise<Page<string>> {
  const { items, nextCursor } = await queryIndexPage("gsi3", [indexKeys.userWatchlist(userId)], page, {
    itemKey: (auctionId) => keys.watchlistEntry(auctionId, userId),
    newestFirst: true,
  });
  const prefix = keys.watchlistPartition("");
  return { items: items.map((key) => key.pk.slice(prefix.length)), nextCursor };
}

export interface WatchlistEntry {
  auctionId: string;
  watchedAt: string;
  /** When the auction's ending-soon alert went to this user, if it did. */
  endingSoonAlertedAt: string | null;
}

/** Every auction the user watches, newest first, with when: their data export, and what deletion removes. */
export async function listUserWatchlist(userId: string): Promise<WatchlistEntry[]> {
  const items = await listByIndex("gsi3", indexKeys.userWatchlist(userId), { newestFirst: true });
  return items.map((item) => ({
    auctionId: String(item.auctionId),
    watchedAt: String(item.watchedAt),
    endingSoonAlertedAt: typeof item.endingSoonAlertedAt === "string" ? item.endingSoonAlertedAt : null,
  }));
}

export interface Watcher {
  userId: string;
  /** Why they follow the auction: it is on their watchlist, or they bid on it (and asked for its alerts). */
  via: "watchlist" | "bid";
  /** The ending-soon alert of this auction already went to this user. */
  endingSoonAlerted: boolean;
}

/**
 * Everyone who follows the auction, watchers and bid followers alike: one Query of its partition,
 * paged through (a user who both watches and bid on it is there twice, once by each way).
 */
export async function listWatchers(auctionId: string): Promise<Watcher[]> {
  const watchers: Watcher[] = [];
  const bidderPrefix = keys.bidFollower(auctionId, "").sk;
  const items = await queryAll({
    KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": keys.watchlistPartition(auctionId) },
    ProjectionExpression: "sk, userId, endingSoonAlertedAt",
  });
  for (const item of items) {
    if (typeof item.userId !== "string") continue;
    watchers.push({
      userId: item.userId,
      via: String(item.sk).startsWith(bidderPrefix) ? "bid" : "watchlist",
      endingSoonAlerted: item.endingSoonAlertedAt !== undefined,
    });
  }
  return watchers;
}

/** A bid follower's entry lives as long as its auction is worth alerting about, and a month more. */
const BID_FOLLOWER_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * Adds the bidder to the auction's followers, once: a conditional put, so a second call writes
 * nothing and an alert already marked stays marked. Their watchlist entry, if any, is another item.
 */
export async function putBidFollower(userId: string, auctionId: string, endsAt: number, now: number) {
  await putFollowEntry(
    auctionId,
    { userId, via: "bid" },
    {
      followedAt: new Date(now).toISOString(),
      expiresAt: Math.ceil((Math.max(endsAt, now) + BID_FOLLOWER_TTL_MS) / 1000),
    },
  );
}

/**
 * Marks the auction's ending-soon alert as going to this follower (on the entry it follows by): true
 * for the one caller that set the mark, false when it was already set (or the entry is gone), so the
 * alert is queued once.
 */
export async function claimEndingSoonAlert(
  auctionId: string,
  watcher: Follow,
  now: number,
): Promise<boolean> {
  return updateUnlessRefused({
    Key: entryKey(auctionId, watcher),
    UpdateExpression: "SET endingSoonAlertedAt = :now",
    ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(endingSoonAlertedAt)",
    ExpressionAttributeValues: { ":now": new Date(now).toISOString() },
  });
}
