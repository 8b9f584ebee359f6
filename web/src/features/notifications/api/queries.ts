import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { NotificationSettings } from "#shared/schemas/notifications";

/** Every read of the notifications page; each key is the path it reads (docs/product.md section 7). */
export const notificationQueries = {
  notifications: () =>
    queryOptions({
      queryKey: ["/api/me/notifications"] as const,
      queryFn: () => api.get<NotificationSettings>("/api/me/notifications"),
    }),
};
