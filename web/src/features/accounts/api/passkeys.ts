import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { passkeyCeremony } from "@web/lib/passkey-ceremony.ts";
import type { PasskeyView } from "#shared/schemas/passkeys";

export const passkeysQuery = () =>
  queryOptions({
    queryKey: ["/api/me/passkeys"] as const,
    queryFn: () => api.get<PasskeyView[]>("/api/me/passkeys"),
  });

/** Adds a passkey of this device to the account (the ceremony: web/src/lib/passkey-ceremony.ts). */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => passkeyCeremony<PasskeyView>("add"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
    meta: {
      errorToast: {
        title: "Passkey not added",
        fallback: "The passkey prompt was cancelled or this device cannot make one.",
      },
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/me/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
    meta: { errorToast: { fallback: "Could not remove the passkey" } },
  });
}
