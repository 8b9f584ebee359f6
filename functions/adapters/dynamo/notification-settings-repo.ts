import type { NotificationSettings, NotificationSettingsUpdate } from "#shared/schemas/notifications";
import { getItem } from "./commands.ts";
import { updateUnlessRefused } from "./conditions.ts";
import { batchGetItems } from "./index-lists.ts";
import { type ItemShape, parseItem } from "./item-shape.ts";
import { keys } from "./keys.ts";

const NOTIFICATIONS_SHAPE: ItemShape<{ notifications?: Partial<NotificationSettingsUpdate> }> = {
  notifications: "object?",
};

/** The user's email choices as stored on their profile (undefined: never changed), or null when there is no such user. */
export async function getStoredNotificationSettings(
  userId: string,
): Promise<{ settings: Partial<NotificationSettingsUpdate> | undefined } | null> {
  const { Item } = await getItem({ Key: keys.user(userId), ProjectionExpression: "pk, notifications" });
  if (!Item) return null;
  return { settings: parseItem("user", NOTIFICATIONS_SHAPE, Item).notifications };
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
      String(item.pk).slice(prefix.length),
      parseItem("user", NOTIFICATIONS_SHAPE, item).notifications,
    ]),
  );
}
