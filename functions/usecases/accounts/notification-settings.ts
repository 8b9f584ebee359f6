import type { NotificationSettings, NotificationSettingsUpdate } from "#shared/schemas/notifications";
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

/**
 * PUT /api/me/notifications: replaces the email choices sent (receipts and account emails have none);
 * an alert choice left out keeps what the user chose before.
 */
export async function updateNotificationSettings(
  userId: string,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const settings = notificationSettingsOf(update, await readNotificationSettings(userId));
  if (!(await saveNotificationSettings(userId, settings))) throw notFound("User not found");
  return settings;
}
