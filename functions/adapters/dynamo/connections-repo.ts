/**
 * Open WebSocket connections: item `CONN#<id>` / `CONN`, listed through gsi1 under sharded keys
 * `CONNS#0..7` so connects and disconnects spread over several index partitions. The index sort key
 * starts with the expiry, so a broadcast skips connections past their 2 h life (API Gateway's own
 * limit) even before DynamoDB's TTL sweeps them away.
 */
import { DeleteCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "./client.ts";
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

export async function deleteConnection(connectionId: string) {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.connection(connectionId) }));
}

/** Ids of every connection not yet expired at `now`: one index query per shard, in parallel. */
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
