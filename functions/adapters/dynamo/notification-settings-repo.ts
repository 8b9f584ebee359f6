import type { NotificationSettings, NotificationSettingsUpdate } from "#shared/schemas/notifications";
import * as z from "#shared/schemas/zod";
import { getItem } from "./commands.ts";
import { updateUnlessRefused } from "./conditions.ts";
import { batchGetItems } from "./index-lists.ts";
import { keyTail, parseStoredItem } from "./item-schema.ts";
import { keys } from "./keys.ts";
import { STORED_NOTIFICATIONS_SCHEMA } from "./users-repo.ts";

const NOTIFICATIONS_SCHEMA = z.object({ notifications: z.optional(STORED_NOTIFICATIONS_SCHEMA) });

/** The user's email choices as stored on their profile (undefined: never changed), or null when there is no such user. */
export async function getStoredNotificationSettings(
  userId: string,
): Promise<{ settings: Partial<NotificationSettingsUpdate> | undefined } | null> {
  const { Item } = await getItem({ Key: keys.user(userId), ProjectionExpression: "pk, notifications" });
  if (!Item) return null;
  return { settings: parseStoredItem("user", NOTIFICATIONS_SCHEMA, Item).notifications };
}

/** Replaces the user's choices; false when the user does not exist. */
export async function saveNotificationSettings(
  userId: string,
  settings: NotificationSettings,
): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.user(userId),
    UpdateExpression: "SET notifications = :settings",
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeValues: { ":settings": settings },
  });
}

/**
 * The stored choices of each of these users (undefined: never changed), by user id: BatchGets of
 * only the settings attribute, never the rest of the profile. Users that do not exist are left out.
 */
export async function getStoredNotificationSettingsOf(
  userIds: readonly string[],
): Promise<Map<string, Partial<NotificationSettingsUpdate> | undefined>> {
  const prefix = keys.user("").pk;
  const items = await batchGetItems(
    userIds.map((id) => keys.user(id)),
    { attributes: ["notifications"] },
  );
  return new Map(
    items.map((item) => [
      keyTail("user", item, "pk", prefix),
      parseStoredItem("user", NOTIFICATIONS_SCHEMA, item).notifications,
    ]),
  );
}
