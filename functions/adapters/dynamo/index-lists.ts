/**
 * Lists come from the sparse KEYS_ONLY indexes (table-definition.ts): query the index for keys, then
 * BatchGet the items. These two helpers do that for any repository.
 */
import { BatchGetCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { RETRY, type RetryBounds, retrying } from "../retry.ts";
import { db, tableName } from "./client.ts";
import { queryItems } from "./commands.ts";
import { storedKey } from "./item-schema.ts";
import type { IndexName } from "./table-definition.ts";

export interface ItemKey {
  pk: string;
  sk: string;
}

const BATCH_GET_LIMIT = 100;
const UNPROCESSED_ROUNDS: RetryBounds = { attempts: 8, delayMs: (failed) => 25 * 2 ** failed };

/** Every item a query finds, following LastEvaluatedKey page after page (the table name is added). */
export async function queryAll(input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">) {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryItems({ ...input, ExclusiveStartKey: startKey });
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** The Query of one index partition, in sort-key order (newest first with `newestFirst`). */
export function indexPartitionQuery(index: IndexName, partition: string, newestFirst = false) {
  return {
    IndexName: index,
    KeyConditionExpression: "#p = :p",
    ExpressionAttributeNames: { "#p": `${index}pk` },
    ExpressionAttributeValues: { ":p": partition },
    ScanIndexForward: !newestFirst,
  };
}

/** Every key under one index partition, in sort-key order (newest first with `newestFirst`). */
export async function queryIndexKeys(
  index: IndexName,
  partition: string,
  options: { newestFirst?: boolean; limit?: number } = {},
): Promise<ItemKey[]> {
  const keys: ItemKey[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryItems({
      ...indexPartitionQuery(index, partition, options.newestFirst),
      ExclusiveStartKey: startKey,
      ...(options.limit ? { Limit: options.limit - keys.length } : {}),
    });
    for (const item of page.Items ?? []) keys.push(storedKey("index entry", item));
    startKey = page.LastEvaluatedKey;
  } while (startKey && (!options.limit || keys.length < options.limit));
  return keys;
}

/**
 * The items of `keys`, in the same order; keys whose item vanished since the index was read are
 * skipped. Unprocessed keys (throttling) are retried with a short backoff. With `attributes`, only
 * those (and the keys, which match answers to requests) are read.
 */
export async function batchGetItems(
  keys: readonly ItemKey[],
  options: { consistent?: boolean; unprocessedRounds?: RetryBounds; attributes?: readonly string[] } = {},
): Promise<Record<string, unknown>[]> {
  const projection = options.attributes
    ? { ProjectionExpression: [...new Set(["pk", "sk", ...options.attributes])].join(", ") }
    : {};
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < unique.length; i += BATCH_GET_LIMIT) {
    let pending: Record<string, unknown>[] = unique
      .slice(i, i + BATCH_GET_LIMIT)
      .map((k) => ({ pk: k.pk, sk: k.sk }));
    await retrying(
      options.unprocessedRounds ?? UNPROCESSED_ROUNDS,
      async () => {
        const table = tableName();
        const out = await db.send(
          new BatchGetCommand({
            RequestItems: { [table]: { Keys: pending, ConsistentRead: options.consistent, ...projection } },
          }),
        );
        for (const item of out.Responses?.[table] ?? []) found.set(`${item.pk}\u0000${item.sk}`, item);
        pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
        return pending.length > 0 ? RETRY : undefined;
      },
      () => {
        throw new Error("BatchGet kept leaving keys unprocessed");
      },
    );
  }
  const items: Record<string, unknown>[] = [];
  for (const k of keys) {
    const item = found.get(`${k.pk}\u0000${k.sk}`);
    if (item) items.push(item);
  }
  return items;
}

/** Query + BatchGet in one call: the items of an index partition, in index order. */
export async function listByIndex(
  index: IndexName,
  partition: string,
  options: { newestFirst?: boolean; limit?: number } = {},
): Promise<Record<string, unknown>[]> {
  return batchGetItems(await queryIndexKeys(index, partition, options));
}
