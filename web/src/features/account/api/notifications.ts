import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { NotificationSettings } from "#shared/schemas/notifications";
import { accountQueries } from "./queries.ts";

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api.put<NotificationSettings>("/api/me/notifications", settings),
    onSuccess: (settings) => queryClient.setQueryData(accountQueries.notifications().queryKey, settings),
    meta: { errorToast: { fallback: "Could not save the settings" } },
  });
}
