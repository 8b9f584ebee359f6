/**
 * The local stand-ins' logs (the outbox of emails the local SES would have sent, the pushes of the
 * local push service): one item per entry under its recipient, its sort key starting with the time it
 * was sent, read back newest first for the tests and the dev pages that show them.
 */
import type * as z from "#shared/schemas/zod";
import { putItem, queryNewest } from "./commands.ts";
import type { ItemKey } from "./index-lists.ts";
import { parseStoredItem } from "./item-schema.ts";

export async function appendToLocalLog(key: ItemKey, type: string, entry: object): Promise<void> {
  await putItem({ Item: { ...key, type, ...entry } });
}

/** The newest `limit` entries of the recipient's log, newest first, each as `schema` reads it. */
export async function readLocalLog<T>(
  partition: string,
  limit: number,
  type: string,
  schema: z.ZodMiniType<T>,
): Promise<T[]> {
  const items = await queryNewest(partition, limit);
  return items.map((item) => parseStoredItem(type, schema, item));
}
