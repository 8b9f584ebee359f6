/**
 * Open WebSocket connections: item `CONN#<id>` / `CONN`. A connection that hears about every auction
 * is listed through gsi1 under sharded keys `CONNS#0..7` (connects and disconnects spread over several
 * index partitions); the index sort key starts with the expiry, so a broadcast skips connections past
 * their 2 h life (API Gateway's own limit) even before DynamoDB's TTL sweeps them away.
 *
 * A connection that sent `watch` leaves that index and is found instead through one item per watched
 * auction, `WATCH#<auctionId>` / `CONN#<connectionId>` (same expiry), so a broadcast reads only the
 * changed auction's watchers. The connection item keeps the list (`watching`) to clean them up.
 */
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "./client.ts";
import { conditionFailed } from "./conditions.ts";
import { queryAll } from "./index-lists.ts";
import { CONNECTION_SHARDS, indexKeys, keys } from "./keys.ts";

export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

const CONNECTION_PREFIX = keys.connection("").pk;

/** A stable shard per connection id. */
export function connectionShard(connectionId: string): number {
  let hash = 0;
  for (let i = 0; i < connectionId.length; i++) hash = (hash * 31 + connectionId.charCodeAt(i)) >>> 0;
  return hash % CONNECTION_SHARDS;
}

export async function saveConnection(input: { connectionId: string; userId?: string; now: number }) {
  const expiresAtMs = input.now + CONNECTION_TTL_SECONDS * 1000;
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.connection(input.connectionId),
        type: "connection",
        gsi1pk: indexKeys.connections(connectionShard(input.connectionId)),
        gsi1sk: `${new Date(expiresAtMs).toISOString()}#${input.connectionId}`,
        connectionId: input.connectionId,
        ...(input.userId ? { userId: input.userId } : {}),
        connectedAt: new Date(input.now).toISOString(),
        expiresAt: Math.floor(expiresAtMs / 1000),
      },
    }),
  );
}

/** Forgets a connection and the auctions it watched. */
export async function deleteConnection(connectionId: string) {
  const { Attributes } = await db.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.connection(connectionId),
      ReturnValues: "ALL_OLD",
    }),
  );
  await deleteWatches(connectionId, watchedBy(Attributes));
}

function watchedBy(item: Record<string, unknown> | undefined): string[] {
  const watching = item?.watching;
  return Array.isArray(watching) ? watching.filter((id): id is string => typeof id === "string") : [];
}

async function deleteWatches(connectionId: string, auctionIds: readonly string[]) {
  await Promise.all(
    auctionIds.map((auctionId) =>
      db.send(new DeleteCommand({ TableName: tableName(), Key: keys.watch(auctionId, connectionId) })),
    ),
  );
}

/**
 * Replaces the set of auctions `connectionId` hears about (ids already unique); from now on it is found
 * through them, no longer through the everything-index. False when the connection is unknown (gone).
 * Two `watch` messages racing on one connection can leave a stale watch item behind: it costs an
 * extra post at most and expires with the connection.
 */
export async function watchAuctions(
  connectionId: string,
  auctionIds: readonly string[],
  now: number,
): Promise<boolean> {
  let previous: Record<string, unknown> | undefined;
  try {
    ({ Attributes: previous } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.connection(connectionId),
        UpdateExpression: "SET watching = :ids REMOVE gsi1pk, gsi1sk",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":ids": [...auctionIds] },
        ReturnValues: "ALL_OLD",
      }),
    ));
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
  const wanted = new Set(auctionIds);
  const dropped = watchedBy(previous).filter((id) => !wanted.has(id));
  const expiresAt =
    typeof previous?.expiresAt === "number"
      ? previous.expiresAt
      : Math.floor(now / 1000) + CONNECTION_TTL_SECONDS;
  await Promise.all([
    deleteWatches(connectionId, dropped),
    ...auctionIds.map((auctionId) =>
      db.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.watch(auctionId, connectionId), type: "watch", connectionId, expiresAt },
        }),
      ),
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
  return watches.map((item) => item.connectionId as string);
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
      const ids: string[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: "gsi1",
            KeyConditionExpression: "gsi1pk = :p AND gsi1sk > :since",
            ExpressionAttributeValues: { ":p": indexKeys.connections(shard), ":since": since },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) ids.push((item.pk as string).slice(CONNECTION_PREFIX.length));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return ids;
    }),
  );
  return perShard.flat();
}
