import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { NotificationSettings } from "#shared/schemas/notifications";

const notificationsQueryKey = ["/api/me/notifications"] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: () => api.get<NotificationSettings>("/api/me/notifications"),
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api.put<NotificationSettings>("/api/me/notifications", settings),
    onSuccess: (settings) => queryClient.setQueryData(notificationsQueryKey, settings),
    meta: { errorToast: { fallback: "Could not save the settings" } },
  });
}
