import { notificationSettingsSchema } from "#shared/schemas/notifications";
import { defineRoute } from "../../http/route.ts";
import { updateNotificationSettings } from "../../usecases/accounts/notification-settings.ts";

export const route = defineRoute({ body: notificationSettingsSchema }, async ({ auth, body }) =>
  updateNotificationSettings(auth.userId, body),
);
