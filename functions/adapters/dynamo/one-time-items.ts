/**
 * One-time items: an account link's token, a passkey ceremony's challenge, a sign-in waiting for its
 * second factor. Each is written once under a fresh key, lives until `expiresAtMs` (the table's TTL
 * then removes it) and is used up by one conditional delete, so two requests cannot both use it.
 */

import { putItem } from "./commands.ts";
import { deletedUnlessRefused } from "./conditions.ts";
import type { ItemKey } from "./index-lists.ts";

export async function putOneTimeItem<Fields extends { expiresAtMs: number }>(
  key: ItemKey,
  type: string,
  fields: Fields,
): Promise<void> {
  await putItem({
    Item: { ...key, type, ...fields, expiresAt: Math.ceil(fields.expiresAtMs / 1000) },
    ConditionExpression: "attribute_not_exists(pk)",
  });
}

/**
 * Deletes the item only if it is for `purpose` and unexpired at `now`, and reads what it held with
 * `toRecord`; null when the condition refused it (nothing changed).
 */
export async function consumeOneTimeItem<T>(
  key: ItemKey,
  use: { purpose: string; now: number },
  toRecord: (item: Record<string, unknown>) => T | null,
): Promise<T | null> {
  const item = await deletedUnlessRefused({
    Key: key,
    ConditionExpression: "purpose = :purpose AND expiresAtMs > :now",
    ExpressionAttributeValues: { ":purpose": use.purpose, ":now": use.now },
  });
  return item ? toRecord(item) : null;
}
