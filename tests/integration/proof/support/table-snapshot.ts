/**
 * A whole-table snapshot (a Scan, in tests only: the tables here hold a few hundred items) and the
 * difference between two snapshots, so a test can say "this refused request changed nothing" —
 * except for the writes a refused request legitimately makes, which the caller names precisely.
 */
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { localDynamoClient } from "../../../../scripts/local/dynamo.ts";

export type Item = Record<string, unknown>;
export type Snapshot = Map<string, Item>;

export interface ItemChange {
  key: string;
  kind: "added" | "removed" | "changed";
  /** Attributes whose value differs (every attribute for added/removed items). */
  attributes: string[];
}

/** A write the test accepts from a refused request. */
export type AllowedChange = (change: ItemChange) => boolean;

let client: DynamoDBDocumentClient | undefined;

/** Its own client, not the handlers' one, so injected faults never touch the snapshot. */
function scanClient(): DynamoDBDocumentClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!endpoint) throw new Error("AWS_ENDPOINT_URL_DYNAMODB is not set");
  client ??= DynamoDBDocumentClient.from(localDynamoClient(endpoint));
  return client;
}

export async function snapshotTable(tableName = process.env.TABLE_NAME): Promise<Snapshot> {
  if (!tableName) throw new Error("TABLE_NAME is not set");
  const items: Snapshot = new Map();
  let startKey: Item | undefined;
  do {
    const page = await scanClient().send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) items.set(`${item.pk}|${item.sk}`, item);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function diffSnapshots(before: Snapshot, after: Snapshot): ItemChange[] {
  const changes: ItemChange[] = [];
  for (const [key, item] of before) {
    const now = after.get(key);
    if (!now) {
      changes.push({ key, kind: "removed", attributes: Object.keys(item) });
      continue;
    }
    const names = new Set([...Object.keys(item), ...Object.keys(now)]);
    const differing = [...names].filter((name) => !same(item[name], now[name]));
    if (differing.length) changes.push({ key, kind: "changed", attributes: differing.sort() });
  }
  for (const [key, item] of after) {
    if (!before.has(key)) changes.push({ key, kind: "added", attributes: Object.keys(item) });
  }
  return changes;
}

/** Changes not covered by any of `allowed`. */
export function unexpectedChanges(before: Snapshot, after: Snapshot, allowed: AllowedChange[] = []) {
  return diffSnapshots(before, after).filter((change) => !allowed.some((allow) => allow(change)));
}

const onlyAttributes = (change: ItemChange, names: readonly string[]) =>
  change.kind === "changed" && change.attributes.every((a) => names.includes(a));

/**
 * The session "touch" (functions/http/session.ts): at most once a minute a signed-in request slides
 * its session's expiry and records lastSeenAt on the session and on the user — whatever the request
 * then turns out to be. Nothing else on those items may change.
 */
export const sessionTouch: AllowedChange = (change) =>
  (change.key.startsWith("SESSION#") &&
    change.key.endsWith("|SESSION") &&
    onlyAttributes(change, ["lastSeenAt", "expiresAt"])) ||
  (change.key.startsWith("USER#") &&
    change.key.endsWith("|PROFILE") &&
    onlyAttributes(change, ["lastSeenAt"]));

/** A failed login (401/429) counts against the address and the (account, address) pair: the LOGINRATE# items. */
export const failedLoginCounters: AllowedChange = (change) =>
  change.key.startsWith("LOGINRATE#") &&
  (change.kind === "added" || onlyAttributes(change, ["count", "failures", "lastAttemptAt", "expiresAt"]));

/** One item read past the handlers' client (and so past any injected fault). */
export async function readItem(key: { pk: string; sk: string }, tableName = process.env.TABLE_NAME) {
  const { Item } = await scanClient().send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
  );
  return Item;
}
