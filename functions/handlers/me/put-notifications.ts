import { notificationSettingsSchema } from "#shared/schemas/notifications";
import { defineRoute } from "../../http/route.ts";
import { updateNotificationSettings } from "../../usecases/notification-settings.ts";

export const handler = defineRoute(
  "me/put-notifications",
  { body: notificationSettingsSchema },
  async ({ auth, body }) => updateNotificationSettings(auth.userId, body),
);
