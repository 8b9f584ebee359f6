/**
 * Reads and writes straight to the table, past every route and rule: to check what was stored, and to make a
 * state a test needs that no route makes (a session from before a change, credits already spent).
 */
import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import type { ItemKey } from "../../../functions/adapters/dynamo/index-lists.ts";

/** The item as stored now (a consistent read), or undefined. */
export async function readItem(key: ItemKey): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
}

export async function putItem(item: Record<string, unknown>): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: item }));
}

/** Sets `values` on the item at `key`, leaving its other attributes as they are. */
export async function setAttributes(key: ItemKey, values: Record<string, unknown>): Promise<void> {
  const names = Object.keys(values);
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :v${i}`).join(", ")}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, values[name]])),
    }),
  );
}
