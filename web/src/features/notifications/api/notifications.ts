import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { NotificationSettings } from "#shared/schemas/notifications";
import { notificationQueries } from "./queries.ts";

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api.put<NotificationSettings>("/api/me/notifications", settings),
    onSuccess: (settings) => queryClient.setQueryData(notificationQueries.notifications().queryKey, settings),
    meta: { errorToast: { fallback: "Could not save the settings" } },
  });
}
