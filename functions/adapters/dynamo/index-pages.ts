/**
 * Cursor pages over the sparse KEYS_ONLY indexes: at most `limit` keys per partition are read per
 * page, so a page costs the same however long the list is. A list spread over several partitions
 * (the admin's products and auctions, one partition per status) is merged by the index sort key,
 * which every entity makes `<createdAt>#<id>` (keys.ts timeSortKey): the cursor remembers, per
 * partition, the last key taken from it.
 *
 * The cursor is opaque to clients (base64url JSON) and checked on the way in, never sent to DynamoDB
 * unless it is exactly a key this list could have handed out: the index partition is one of the list's,
 * the index sort key is `<time>#<id>`, and the table key is the key of that id's item of the list's
 * kind (`itemKey`). Anything else (an empty, missing or foreign key) is refused with 400: DynamoDB
 * would answer some of them with a ValidationException (a 500) and page from others.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Page, PageRequest } from "#shared/schemas/pages";
import { badRequest } from "../../domain/errors.ts";
import { db, tableName } from "./client.ts";
import { batchGetItems, type ItemKey } from "./index-lists.ts";
import type { IndexName } from "./table-definition.ts";

export const INVALID_CURSOR = "Invalid cursor: start again without one";
/** A cursor that does not belong to this list (forged, truncated, or from another list). */
const invalidCursor = () => badRequest(INVALID_CURSOR);

/** Per partition: the full index key of the last item taken, null when none yet, "done" when exhausted. */
type Positions = Record<string, Record<string, string> | null | "done">;

function encode(positions: Positions): string {
  return Buffer.from(JSON.stringify(positions)).toString("base64url");
}

/** The table key of the list's item with this id (keys.ts), e.g. `keys.auction`. */
export type ItemKeyOf = (id: string) => ItemKey;

export interface IndexPageOptions {
  itemKey: ItemKeyOf;
  newestFirst?: boolean;
}

/** DynamoDB's ceiling for a sort key; a longer "key" cannot be one of ours. */
const MAX_SORT_KEY = 1024;

/** True when `key` is exactly the index entry of one of this list's items in `partition`. */
function isListKey(key: unknown, index: IndexName, partition: string, itemKey: ItemKeyOf): boolean {
  if (!key || typeof key !== "object" || Array.isArray(key)) return false;
  const entry = key as Record<string, unknown>;
  const sortKey = entry[`${index}sk`];
  if (Object.keys(entry).length !== 4 || entry[`${index}pk`] !== partition) return false;
  if (typeof sortKey !== "string" || sortKey.length > MAX_SORT_KEY) return false;
  // timeSortKey: `<ISO time>#<id>`; the ISO time has no "#".
  const cut = sortKey.indexOf("#");
  const time = sortKey.slice(0, cut);
  const id = sortKey.slice(cut + 1);
  if (cut < 1 || !id || Number.isNaN(Date.parse(time))) return false;
  const item = itemKey(id);
  return entry.pk === item.pk && entry.sk === item.sk;
}

function decode(
  cursor: string,
  index: IndexName,
  partitions: readonly string[],
  itemKey: ItemKeyOf,
): Positions {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw invalidCursor();
  const positions = parsed as Record<string, unknown>;
  const names = Object.keys(positions);
  if (names.length !== partitions.length || !partitions.every((p) => names.includes(p))) {
    throw invalidCursor();
  }
  for (const partition of partitions) {
    const at = positions[partition];
    if (at === null || at === "done") continue;
    if (!isListKey(at, index, partition, itemKey)) throw invalidCursor();
  }
  return positions as Positions;
}

interface Found {
  partition: string;
  key: Record<string, string>;
  sortKey: string;
}

/**
 * One page of keys from `partitions` of `index`, in sort-key order (newest first with `newestFirst`),
 * merged across partitions. Reads at most `limit` keys per partition.
 */
export async function queryIndexPage(
  index: IndexName,
  partitions: readonly string[],
  page: PageRequest,
  options: IndexPageOptions,
): Promise<Page<ItemKey>> {
  const positions: Positions = page.cursor
    ? decode(page.cursor, index, partitions, options.itemKey)
    : Object.fromEntries(partitions.map((p) => [p, null]));
  const sortAttribute = `${index}sk`;
  const reads = await Promise.all(
    partitions.map(async (partition) => {
      const at = positions[partition];
      if (at === "done") return { partition, found: [] as Found[], more: false };
      const out = await db.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: index,
          KeyConditionExpression: "#p = :p",
          ExpressionAttributeNames: { "#p": `${index}pk` },
          ExpressionAttributeValues: { ":p": partition },
          ScanIndexForward: !options.newestFirst,
          Limit: page.limit,
          ...(at ? { ExclusiveStartKey: at } : {}),
        }),
      );
      const found = (out.Items ?? []).map((item) => ({
        partition,
        key: item as Record<string, string>,
        sortKey: String(item[sortAttribute]),
      }));
      return { partition, found, more: out.LastEvaluatedKey !== undefined };
    }),
  );
  const direction = options.newestFirst ? -1 : 1;
  const taken = reads
    .flatMap((r) => r.found)
    .sort((a, b) => direction * (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
    .slice(0, page.limit);
  const next: Positions = {};
  for (const read of reads) {
    const mine = taken.filter((t) => t.partition === read.partition);
    const allTaken = mine.length === read.found.length;
    if (positions[read.partition] === "done" || (allTaken && !read.more)) next[read.partition] = "done";
    else next[read.partition] = mine.length ? mine[mine.length - 1]!.key : positions[read.partition]!;
  }
  const finished = Object.values(next).every((at) => at === "done");
  return {
    items: taken.map((t) => ({ pk: t.key.pk!, sk: t.key.sk! })),
    nextCursor: finished ? null : encode(next),
  };
}

/** A page of the items themselves (Query, then BatchGet), in index order. */
export async function listIndexPage(
  index: IndexName,
  partitions: readonly string[],
  page: PageRequest,
  options: IndexPageOptions,
): Promise<Page<Record<string, unknown>>> {
  const keys = await queryIndexPage(index, partitions, page, options);
  return { items: await batchGetItems(keys.items), nextCursor: keys.nextCursor };
}
