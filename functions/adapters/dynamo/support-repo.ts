/** Contact Us messages: SUPPORT#id / MESSAGE, listed newest first through gsi1 (SUPPORT). */
import { type SupportMessageView, supportMessageViewSchema } from "#shared/schemas/support";
import * as z from "#shared/schemas/zod";
import { getItem, putItem } from "./commands.ts";
import { updatedUnlessRefused } from "./conditions.ts";
import { batchGetItems, queryIndexKeys } from "./index-lists.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, itemHead, keys, timeSortKey } from "./keys.ts";

export type SupportMessageRecord = SupportMessageView;

// Stored as the admin's Support tab shows it: the view's fields are the item's.
const SUPPORT_MESSAGE_SCHEMA = z.object({
  ...supportMessageViewSchema.shape,
}) satisfies z.ZodMiniType<SupportMessageRecord>;
const _sUPPORT_MESSAGE_SCHEMAKeys: SameKeys<
  z.infer<typeof SUPPORT_MESSAGE_SCHEMA>,
  SupportMessageRecord
> = true;

const fromItem = (item: Record<string, unknown>): SupportMessageRecord =>
  parseStoredItem("supportMessage", SUPPORT_MESSAGE_SCHEMA, item);

export async function putSupportMessage(record: SupportMessageRecord): Promise<void> {
  await putItem({
    Item: {
      ...itemHead(keys.supportMessage(record.id), "supportMessage", {
        gsi1: [indexKeys.supportMessages(), timeSortKey(record.createdAt, record.id)],
      }),
      ...record,
    },
    ConditionExpression: "attribute_not_exists(pk)",
  });
}

export async function getSupportMessage(id: string): Promise<SupportMessageRecord | null> {
  const { Item } = await getItem({ Key: keys.supportMessage(id) });
  return Item ? fromItem(Item) : null;
}

/** The newest `limit` messages, newest first. */
export async function listSupportMessages(limit: number): Promise<SupportMessageRecord[]> {
  const found = await queryIndexKeys("gsi1", indexKeys.supportMessages(), { newestFirst: true, limit });
  const items = (await batchGetItems(found)).map(fromItem);
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** Marks a message answered; one already answered keeps its first time. Null when there is none. */
export async function markSupportMessageAnswered(
  id: string,
  answeredAt: string,
): Promise<SupportMessageRecord | null> {
  const item = await updatedUnlessRefused({
    Key: keys.supportMessage(id),
    UpdateExpression: "SET #status = :answered, answeredAt = :at",
    ConditionExpression: "attribute_exists(pk) AND #status = :open",
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: { ":answered": "answered", ":open": "open", ":at": answeredAt },
  });
  return item ? fromItem(item) : getSupportMessage(id);
}
