import { defineRoute } from "../../http/route.ts";
import { readNotificationSettings } from "../../usecases/notification-settings.ts";

export const handler = defineRoute("me/get-notifications", {}, async ({ auth }) =>
  readNotificationSettings(auth.userId),
);
