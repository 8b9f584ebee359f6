import type { NotificationSettings } from "#shared/schemas/notifications";
import {
  getStoredNotificationSettings,
  saveNotificationSettings,
} from "../../adapters/dynamo/notification-settings-repo.ts";
import { notFound } from "../../domain/errors.ts";
import { notificationSettingsOf } from "../../domain/notifications.ts";

/** GET /api/me/notifications: the user's choices, the defaults (all on) for any never made. */
export async function readNotificationSettings(userId: string): Promise<NotificationSettings> {
  const stored = await getStoredNotificationSettings(userId);
  if (!stored) throw notFound("User not found");
  return notificationSettingsOf(stored.settings);
}

/** PUT /api/me/notifications: replaces all three choices (receipts and account emails have none). */
export async function updateNotificationSettings(
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  if (!(await saveNotificationSettings(userId, settings))) throw notFound("User not found");
  return settings;
}
