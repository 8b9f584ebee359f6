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
import type { Page, PageRequest } from "#shared/schemas/pages";
import * as z from "#shared/schemas/zod";
import { badRequest } from "../../domain/errors.ts";
import { queryItems } from "./commands.ts";
import { batchGetItems, type ItemKey, indexPartitionQuery } from "./index-lists.ts";
import { INDEX_ENTRY_SCHEMA, type IndexEntry, storedIndexEntry } from "./item-schema.ts";
import type { IndexName } from "./table-definition.ts";

export const INVALID_CURSOR = "Invalid cursor: start again without one";
/** A cursor that does not belong to this list (forged, truncated, or from another list). */
const invalidCursor = () => badRequest(INVALID_CURSOR);

/** Per partition: the full index key of the last item taken, null when none yet, "done" when exhausted. */
type Positions = Record<string, IndexEntry | null | "done">;

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
function isListKey(entry: IndexEntry, index: IndexName, partition: string, itemKey: ItemKeyOf): boolean {
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
  const given = new Map<string, unknown>(Object.entries(parsed));
  if (given.size !== partitions.length || !partitions.every((p) => given.has(p))) throw invalidCursor();
  const positions: Positions = {};
  for (const partition of partitions) {
    const at = given.get(partition);
    if (at === null || at === "done") {
      positions[partition] = at;
      continue;
    }
    const entry = z.safeParse(INDEX_ENTRY_SCHEMA, at);
    if (!entry.success || !isListKey(entry.data, index, partition, itemKey)) throw invalidCursor();
    positions[partition] = entry.data;
  }
  return positions;
}

interface Found {
  partition: string;
  key: IndexEntry;
  sortKey: string;
}

/** What one partition gave: its keys, and whether it has more after them. */
interface PartitionRead {
  partition: string;
  found: Found[];
  more: boolean;
}

/** Keys read in index order, and the cursor that continues after the first `n` of them. */
interface IndexKeys {
  items: ItemKey[];
  cursorAfter(n: number): string | null;
}

/**
 * Up to `limit` keys from `partitions` of `index`, in sort-key order (newest first with `newestFirst`),
 * merged across partitions. Reads at most `limit` keys per partition.
 */
async function readIndexKeys(
  index: IndexName,
  partitions: readonly string[],
  page: PageRequest,
  options: IndexPageOptions,
): Promise<IndexKeys> {
  const positions: Positions = page.cursor
    ? decode(page.cursor, index, partitions, options.itemKey)
    : Object.fromEntries(partitions.map((p) => [p, null]));
  const sortAttribute = `${index}sk`;
  const reads = await Promise.all(
    partitions.map(async (partition): Promise<PartitionRead> => {
      const at = positions[partition];
      if (at === "done") return { partition, found: [], more: false };
      const out = await queryItems({
        ...indexPartitionQuery(index, partition, options.newestFirst),
        Limit: page.limit,
        ...(at ? { ExclusiveStartKey: at } : {}),
      });
      const found = (out.Items ?? []).map((item) => {
        const key = storedIndexEntry("index entry", item);
        return { partition, key, sortKey: String(key[sortAttribute]) };
      });
      return { partition, found, more: out.LastEvaluatedKey !== undefined };
    }),
  );
  const direction = options.newestFirst ? -1 : 1;
  const taken = reads
    .flatMap((r) => r.found)
    .sort((a, b) => direction * (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
    .slice(0, page.limit);
  const cursorAfter = (n: number): string | null => {
    const consumed = taken.slice(0, n);
    const next: Positions = {};
    for (const read of reads) {
      const mine = consumed.filter((t) => t.partition === read.partition);
      const allTaken = mine.length === read.found.length;
      if (positions[read.partition] === "done" || (allTaken && !read.more)) next[read.partition] = "done";
      else next[read.partition] = mine.at(-1)?.key ?? positions[read.partition] ?? null;
    }
    return Object.values(next).every((at) => at === "done") ? null : encode(next);
  };
  return { items: taken.map((t) => ({ pk: t.key.pk, sk: t.key.sk })), cursorAfter };
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
  const keys = await readIndexKeys(index, partitions, page, options);
  return { items: keys.items, nextCursor: keys.cursorAfter(keys.items.length) };
}

/** A page of the items themselves (Query, then BatchGet), in index order, each made a record by `toRecord`. */
export async function listIndexPage<T>(
  index: IndexName,
  partitions: readonly string[],
  page: PageRequest,
  options: IndexPageOptions & { toRecord(item: Record<string, unknown>): T },
): Promise<Page<T>> {
  const keys = await queryIndexPage(index, partitions, page, options);
  return {
    items: (await batchGetItems(keys.items)).map((item) => options.toRecord(item)),
    nextCursor: keys.nextCursor,
  };
}

/** Keys read per round of a search: one BatchGet's worth. */
const SEARCH_ROUND = 100;
/**
 * Entries a search request reads at most before it answers: a rare word on a long list then comes back
 * a page at a time (fewer items, even none, with a cursor) instead of one request reading the list.
 */
const SEARCH_READ_BUDGET = 1000;

/**
 * A page of the list's items that `matches` accepts, in index order. The list's KEYS_ONLY index cannot
 * filter, so this walks it a round at a time (Query, then BatchGet) until the page is full, the list
 * ends or the read budget is spent; the cursor continues right after the last item read, so paging a
 * search skips nothing and repeats nothing. Never a Scan: the cost grows with the list, not the table
 * (docs/scale.md).
 */
export async function searchIndexPage<T>(
  index: IndexName,
  partitions: readonly string[],
  page: PageRequest,
  options: IndexPageOptions & { toRecord(item: Record<string, unknown>): T; matches(record: T): boolean },
): Promise<Page<T>> {
  const found: T[] = [];
  let cursor = page.cursor;
  let read = 0;
  for (;;) {
    const keys = await readIndexKeys(index, partitions, { limit: SEARCH_ROUND, cursor }, options);
    const items = new Map(
      (await batchGetItems(keys.items)).map((item) => [`${item.pk}\u0000${item.sk}`, item]),
    );
    for (const [i, key] of keys.items.entries()) {
      const item = items.get(`${key.pk}\u0000${key.sk}`);
      if (!item) continue;
      const record = options.toRecord(item);
      if (!options.matches(record)) continue;
      found.push(record);
      if (found.length === page.limit) return { items: found, nextCursor: keys.cursorAfter(i + 1) };
    }
    read += keys.items.length;
    const next = keys.cursorAfter(keys.items.length);
    if (!next || read >= SEARCH_READ_BUDGET) return { items: found, nextCursor: next };
    cursor = next;
  }
}
