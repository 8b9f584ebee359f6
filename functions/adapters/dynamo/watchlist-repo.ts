/**
 * Watchlists: item `WATCHLIST#<auctionId>` / `USER#<userId>`, one per watched auction and user. The
 * auction's partition lists its watchers (the alerts' one Query); the entry's gsi3 key
 * (`USER#<userId>#WATCHLIST`, `<watchedAt>#<auctionId>`) lists the user's watchlist, newest first.
 */
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Page, PageRequest } from "#shared/schemas/pages";
import { db, tableName } from "./client.ts";
import { conditionFailed } from "./conditions.ts";
import { listByIndex } from "./index-lists.ts";
import { queryIndexPage } from "./index-pages.ts";
import { indexKeys, keys, timeSortKey } from "./keys.ts";

/**
 * Adds the auction to the user's watchlist; watching it again keeps the first entry (its place in the
 * list and whether its alert went), so a repeated PUT changes nothing.
 */
export async function putWatchlistEntry(userId: string, auctionId: string, now: number): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.watchlistEntry(auctionId, userId),
          type: "watchlistEntry",
          userId,
          auctionId,
          watchedAt: new Date(now).toISOString(),
          gsi3pk: indexKeys.userWatchlist(userId),
          gsi3sk: timeSortKey(new Date(now).toISOString(), auctionId),
        },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

export async function deleteWatchlistEntry(userId: string, auctionId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.watchlistEntry(auctionId, userId) }));
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
  /** The ending-soon alert of this auction already went to this user. */
  endingSoonAlerted: boolean;
}

/** Everyone who watches the auction: one Query of its partition, paged through. */
export async function listWatchers(auctionId: string): Promise<Watcher[]> {
  const watchers: Watcher[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: "pk = :p",
        ExpressionAttributeValues: { ":p": keys.watchlistPartition(auctionId) },
        ProjectionExpression: "userId, endingSoonAlertedAt",
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) {
      if (typeof item.userId === "string")
        watchers.push({ userId: item.userId, endingSoonAlerted: item.endingSoonAlertedAt !== undefined });
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return watchers;
}

/**
 * Marks the auction's ending-soon alert as going to this watcher: true for the one caller that set
 * the mark, false when it was already set (or the entry is gone), so the alert is queued once.
 */
export async function claimEndingSoonAlert(auctionId: string, userId: string, now: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.watchlistEntry(auctionId, userId),
        UpdateExpression: "SET endingSoonAlertedAt = :now",
        ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(endingSoonAlertedAt)",
        ExpressionAttributeValues: { ":now": new Date(now).toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}
