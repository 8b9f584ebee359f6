import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { NotificationSettings } from "#shared/schemas/notifications";
import { db, tableName } from "./client.ts";
import { unlessRefused } from "./conditions.ts";
import { type ItemShape, parseItem } from "./item-shape.ts";
import { keys } from "./keys.ts";

const NOTIFICATIONS_SHAPE: ItemShape<{ notifications?: Partial<NotificationSettings> }> = {
  notifications: "object?",
};

/** The user's email choices as stored on their profile (undefined: never changed), or null when there is no such user. */
export async function getStoredNotificationSettings(
  userId: string,
): Promise<{ settings: Partial<NotificationSettings> | undefined } | null> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      ProjectionExpression: "pk, notifications",
    }),
  );
  if (!Item) return null;
  return { settings: parseItem("user", NOTIFICATIONS_SHAPE, Item).notifications };
}

/** Replaces the user's choices; false when the user does not exist. */
export async function saveNotificationSettings(
  userId: string,
  settings: NotificationSettings,
): Promise<boolean> {
  return unlessRefused(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: "SET notifications = :settings",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":settings": settings },
      }),
    ),
  );
}
