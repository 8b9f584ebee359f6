/**
 * Reading a stored item back as its record, checked rather than cast: each repository declares its
 * entity's shape next to its record type (the compiler makes the shape name every field of the type,
 * optional ones with "?"), and a read whose item lacks a required field or holds the wrong kind of
 * value fails loudly as a CorruptItemError instead of travelling on as a wrong record.
 */
import { withoutKeys } from "./index-lists.ts";
import { CorruptItemError } from "./item-schema.ts";

type Kind = "string" | "number" | "boolean" | "object";

/** Every field of T with the kind of value it holds; "kind?" where T allows it to be absent. */
export type ItemShape<T> = {
  [K in keyof T]-?: undefined extends T[K] ? `${Kind}?` : null extends T[K] ? `${Kind}?` : Kind;
};

/** The item without its table keys, as T, once every field of `shape` holds what it should. */
export function parseItem<T>(entity: string, shape: ItemShape<T>, item: Record<string, unknown>): T {
  const record = withoutKeys(item);
  for (const [field, spec] of Object.entries(shape) as [string, string][]) {
    const optional = spec.endsWith("?");
    const kind = optional ? spec.slice(0, -1) : spec;
    const value = record[field];
    if (value === undefined || value === null) {
      if (optional) continue;
      throw new CorruptItemError(entity, field, value);
    }
    if (typeof value !== kind) throw new CorruptItemError(entity, field, value);
  }
  return record as T;
}
