import { defineRoute } from "../../http/route.ts";
import { readNotificationSettings } from "../../usecases/accounts/notification-settings.ts";

export const route = defineRoute({}, async ({ auth }) => readNotificationSettings(auth.userId));
