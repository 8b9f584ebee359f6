/**
 * Reading a stored item back through its zod-mini schema rather than a cast: a repository declares one
 * schema per item kind (`satisfies` its record type keeps the two in step), and an item that does not
 * match fails as a CorruptItemError naming the kind and the field instead of travelling on as a wrong
 * record. zod comes through the shared door so its error map is installed and Lambdas tree-shake it.
 */
import * as z from "#shared/schemas/zod";
import { withoutKeys } from "./index-lists.ts";
import { CorruptItemError } from "./item-shape.ts";

export { CorruptItemError };

/** The item without its table keys, parsed by `schema`; extra attributes are dropped. */
export function parseStoredItem<T>(kind: string, schema: z.ZodMiniType<T>, item: Record<string, unknown>): T {
  const record = withoutKeys(item);
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
