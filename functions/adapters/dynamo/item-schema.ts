/**
 * Reading a stored item back through its zod-mini schema rather than a cast: a repository declares one
 * schema per item kind (`satisfies` its record type keeps the two in step), and an item that does not
 * match fails as a CorruptItemError naming the kind and the field instead of travelling on as a wrong
 * record. zod comes through the shared door so its error map is installed and Lambdas tree-shake it.
 */
import * as z from "#shared/schemas/zod";

/**
 * True when A and B have the same keys. `satisfies` alone lets a schema leave an optional field out, and
 * zod drops what its schema does not name: such a field would vanish on every read.
 */
export type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never]
  ? true
  : false;

export class CorruptItemError extends Error {
  constructor(kind: string, field: string, found: unknown) {
    super(`Stored ${kind} item has ${field} = ${JSON.stringify(found) ?? "undefined"}`);
    this.name = "CorruptItemError";
  }
}

function parsed<T>(kind: string, schema: z.ZodMiniType<T>, record: unknown): T {
  const result = z.safeParse(schema, record);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") || "(item)";
  let found: unknown = record;
  for (const key of issue?.path ?? []) {
    found = found !== null && typeof found === "object" ? Reflect.get(found, key) : undefined;
  }
  throw new CorruptItemError(kind, field, found);
}

/** The item without its table keys, parsed by `schema`; extra attributes are dropped. */
export function parseStoredItem<T>(kind: string, schema: z.ZodMiniType<T>, item: Record<string, unknown>): T {
  return parsed(kind, schema, withoutKeys(item));
}

const TABLE_KEY_SCHEMA = z.object({ pk: z.string(), sk: z.string() });

/** The item's table key, as a pointer item or a key-only index answer carries it. */
export function storedKey(kind: string, item: Record<string, unknown>): { pk: string; sk: string } {
  return parsed(kind, TABLE_KEY_SCHEMA, item);
}

/**
 * A KEYS_ONLY index's answer: the table key and the index key, every one a string; the index's two
 * attribute names depend on the index, hence the catch-all.
 */
export const INDEX_ENTRY_SCHEMA = z.catchall(TABLE_KEY_SCHEMA, z.string());
export type IndexEntry = z.infer<typeof INDEX_ENTRY_SCHEMA>;

/** The item as a KEYS_ONLY index answers it: its table key and its index key. */
export function storedIndexEntry(kind: string, item: Record<string, unknown>): IndexEntry {
  return parsed(kind, INDEX_ENTRY_SCHEMA, item);
}

/** The end of the item's `field` (pk or sk) after `prefix`: the id a pointer item names. */
export function keyTail(
  kind: string,
  item: Record<string, unknown>,
  field: "pk" | "sk",
  prefix: string,
): string {
  return storedKey(kind, item)[field].slice(prefix.length);
}

/** Drops the table's key and index attributes, leaving the entity's own fields. */
export function withoutKeys(item: Record<string, unknown>): Record<string, unknown> {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _g1p,
    gsi1sk: _g1s,
    gsi2pk: _g2p,
    gsi2sk: _g2s,
    gsi3pk: _g3p,
    gsi3sk: _g3s,
    gsi4pk: _g4p,
    gsi4sk: _g4s,
    type: _type,
    ...rest
  } = item;
  return rest;
}
