import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import { passkeyCeremony } from "@web/lib/passkey-ceremony.ts";
import type { PasskeyView } from "#shared/schemas/passkeys";

export const passkeysQuery = () =>
  queryOptions({
    queryKey: ["/api/me/passkeys"] as const,
    queryFn: () => api.get<PasskeyView[]>("/api/me/passkeys"),
  });

/**
 * Adds a passkey of this device to the account, the current password first (the ceremony:
 * web/src/lib/passkey-ceremony.ts). A 403 (wrong password, address not verified) is shown on the form.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => passkeyCeremony<PasskeyView>("add", { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
    meta: {
      errorToast: {
        title: "Passkey not added",
        fallback: "The passkey prompt was cancelled or this device cannot make one.",
        except: [403],
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
