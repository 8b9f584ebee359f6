/**
 * Open WebSocket connections: item `CONN#<id>` / `CONN`. A connection that hears about every auction
 * is listed through gsi1 under sharded keys `CONNS#0..7` (connects and disconnects spread over several
 * index partitions); the index sort key starts with the expiry, so a broadcast skips connections past
 * their 2 h life (API Gateway's own limit) even before DynamoDB's TTL sweeps them away.
 *
 * A connection that sent `watch` leaves that index and is found instead through one item per watched
 * auction, `WATCH#<auctionId>` / `CONN#<connectionId>` (same expiry), so a broadcast reads only the
 * changed auction's watchers. The connection item keeps the list (`watching`) to clean them up, and
 * counts its frames per minute (`watchWindow`, `watchFrames`: every frame, domain/realtime-limits.ts).
 *
 * The connections an address holds open are counted on `CONN#ADDRESS#<address>` / `OPEN` (+1 at
 * connect, -1 when the connection is forgotten); the connection item remembers its `address` for that.
 */
import * as z from "#shared/schemas/zod";
import { deleteItem, putItem, updateItem } from "./commands.ts";
import { conditionFailed, refusingItem, updateUnlessRefused } from "./conditions.ts";
import { queryAll } from "./index-lists.ts";
import { keyTail, parseStoredItem } from "./item-schema.ts";
import { CONNECTION_SHARDS, indexKeys, keys } from "./keys.ts";

export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

const CONNECTION_PREFIX = keys.connection("").pk;

const WATCH_CONNECTION_SCHEMA = z.object({ connectionId: z.string() });

/** A stable shard per connection id. */
export function connectionShard(connectionId: string): number {
  let hash = 0;
  for (let i = 0; i < connectionId.length; i++) hash = (hash * 31 + connectionId.charCodeAt(i)) >>> 0;
  return hash % CONNECTION_SHARDS;
}

export async function saveConnection(input: {
  connectionId: string;
  userId?: string;
  /** Counted in the address's open connections (openAddressConnection). */
  address?: string;
  now: number;
}) {
  const expiresAtMs = input.now + CONNECTION_TTL_SECONDS * 1000;
  await putItem({
    Item: {
      ...keys.connection(input.connectionId),
      type: "connection",
      gsi1pk: indexKeys.connections(connectionShard(input.connectionId)),
      gsi1sk: `${new Date(expiresAtMs).toISOString()}#${input.connectionId}`,
      connectionId: input.connectionId,
      ...(input.userId ? { userId: input.userId } : {}),
      ...(input.address ? { address: input.address } : {}),
      connectedAt: new Date(input.now).toISOString(),
      expiresAt: Math.floor(expiresAtMs / 1000),
    },
  });
}

/** Forgets a connection, the auctions it watched, and its place in its address's count. */
export async function deleteConnection(connectionId: string) {
  const { Attributes } = await deleteItem({ Key: keys.connection(connectionId), ReturnValues: "ALL_OLD" });
  const address = typeof Attributes?.address === "string" ? Attributes.address : undefined;
  await Promise.all([
    deleteWatches(connectionId, watchedBy(Attributes)),
    ...(address ? [closeAddressConnection(address)] : []),
  ]);
}

/**
 * Counts one more open connection of `address` unless it holds `cap` already; false refuses it. A
 * count whose last connect is older than a connection's longest life (2 h) is stale (every one of its
 * connections is closed by now, even those whose $disconnect never ran) and starts again from one.
 */
export async function openAddressConnection(address: string, cap: number, now: number): Promise<boolean> {
  const key = keys.addressConnections(address);
  const expiresAt = Math.floor(now / 1000) + CONNECTION_TTL_SECONDS;
  const counted = await updateUnlessRefused({
    Key: key,
    UpdateExpression: "ADD #open :one SET lastConnectAt = :now, expiresAt = :exp",
    ConditionExpression: "attribute_not_exists(#open) OR #open < :cap",
    ExpressionAttributeNames: { "#open": "open" },
    ExpressionAttributeValues: { ":one": 1, ":now": now, ":exp": expiresAt, ":cap": cap },
  });
  if (counted) return true;
  const stale = now - CONNECTION_TTL_SECONDS * 1000;
  return updateUnlessRefused({
    Key: key,
    UpdateExpression: "SET #open = :one, lastConnectAt = :now, expiresAt = :exp",
    ConditionExpression: "lastConnectAt < :stale",
    ExpressionAttributeNames: { "#open": "open" },
    ExpressionAttributeValues: { ":one": 1, ":now": now, ":exp": expiresAt, ":stale": stale },
  });
}

/** One connection of `address` fewer (never below zero). */
export async function closeAddressConnection(address: string): Promise<void> {
  await updateUnlessRefused({
    Key: keys.addressConnections(address),
    UpdateExpression: "ADD #open :minus",
    ConditionExpression: "#open > :zero",
    ExpressionAttributeNames: { "#open": "open" },
    ExpressionAttributeValues: { ":minus": -1, ":zero": 0 },
  });
}

function watchedBy(item: Record<string, unknown> | undefined): string[] {
  const watching = item?.watching;
  return Array.isArray(watching) ? watching.filter((id): id is string => typeof id === "string") : [];
}

async function deleteWatches(connectionId: string, auctionIds: readonly string[]) {
  await Promise.all(auctionIds.map((auctionId) => deleteItem({ Key: keys.watch(auctionId, connectionId) })));
}

export type WatchFrame =
  | { kind: "counted"; watching: string[]; expiresAt: number }
  | { kind: "limited" }
  | { kind: "gone" };

/**
 * Counts a frame of `connectionId` (any that asks for work: hello, ping, watch) in minute `window`,
 * unless its `max` for it is spent, and returns the set it watches now. One write in a minute already
 * counted, two at a new minute's first.
 */
export async function countSocketFrame(
  connectionId: string,
  window: number,
  max: number,
): Promise<WatchFrame> {
  const counted = (item: Record<string, unknown> | undefined): WatchFrame => ({
    kind: "counted",
    watching: watchedBy(item),
    expiresAt: typeof item?.expiresAt === "number" ? item.expiresAt : 0,
  });
  const update = (sameWindow: boolean) =>
    updateItem({
      Key: keys.connection(connectionId),
      UpdateExpression: sameWindow ? "ADD watchFrames :one" : "SET watchWindow = :window, watchFrames = :one",
      ConditionExpression: sameWindow
        ? "watchWindow = :window AND watchFrames < :max"
        : "attribute_exists(pk) AND (attribute_not_exists(watchWindow) OR watchWindow <> :window)",
      ExpressionAttributeValues: {
        ":one": 1,
        ":window": window,
        ...(sameWindow ? { ":max": max } : {}),
      },
      ReturnValues: "ALL_NEW",
      ReturnValuesOnConditionCheckFailure: "ALL_OLD",
    });
  try {
    return counted((await update(true)).Attributes);
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
  try {
    return counted((await update(false)).Attributes);
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    // Refused again: the connection is gone, or this minute's frames are spent (or, for two frames
    // racing at a minute's start, the other one opened the minute: this one is refused, changing nothing).
    return refusingItem(error) ? { kind: "limited" } : { kind: "gone" };
  }
}

/**
 * Replaces the set of auctions `connectionId` hears about with `next` (ids unique), writing only the
 * watch items that join or leave it; from now on it is found through them, no longer through the
 * everything-index. False when the connection is gone. Two `watch` messages racing on one connection
 * can leave a stale watch item behind: it costs an extra post at most and expires with the connection.
 * `charge` more frames are counted in the same write (the frame's ids that were no auction).
 */
export async function replaceWatches(
  connectionId: string,
  change: { next: readonly string[]; added: readonly string[]; dropped: readonly string[] },
  expiresAt: number,
  charge = 0,
): Promise<boolean> {
  const stored = await updateUnlessRefused({
    Key: keys.connection(connectionId),
    UpdateExpression: `SET watching = :ids REMOVE gsi1pk, gsi1sk${charge > 0 ? " ADD watchFrames :charge" : ""}`,
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeValues: { ":ids": [...change.next], ...(charge > 0 ? { ":charge": charge } : {}) },
  });
  if (!stored) return false;
  await Promise.all([
    deleteWatches(connectionId, change.dropped),
    ...change.added.map((auctionId) =>
      putItem({ Item: { ...keys.watch(auctionId, connectionId), type: "watch", connectionId, expiresAt } }),
    ),
  ]);
  return true;
}

/** Connections watching `auctionId` and not yet expired at `now`: one query of its partition. */
export async function listWatcherIds(auctionId: string, now: number): Promise<string[]> {
  const watches = await queryAll({
    KeyConditionExpression: "pk = :p AND begins_with(sk, :conn)",
    FilterExpression: "expiresAt > :now",
    ExpressionAttributeValues: {
      ":p": keys.watchersPartition(auctionId),
      ":conn": keys.watcherPrefix(),
      ":now": Math.floor(now / 1000),
    },
    ProjectionExpression: "connectionId",
  });
  return watches.map((item) => parseStoredItem("watch", WATCH_CONNECTION_SCHEMA, item).connectionId);
}

/**
 * Ids of every connection that hears about every auction (never sent `watch`) and is not yet expired at
 * `now`: one index query per shard, in parallel.
 */
export async function listConnectionIds(now: number): Promise<string[]> {
  const since = new Date(now).toISOString();
  const shards = Array.from({ length: CONNECTION_SHARDS }, (_, shard) => shard);
  const perShard = await Promise.all(
    shards.map(async (shard) => {
      const items = await queryAll({
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :p AND gsi1sk > :since",
        ExpressionAttributeValues: { ":p": indexKeys.connections(shard), ":since": since },
      });
      return items.map((item) => keyTail("connection", item, "pk", CONNECTION_PREFIX));
    }),
  );
  return perShard.flat();
}
