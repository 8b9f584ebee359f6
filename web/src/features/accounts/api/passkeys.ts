import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { PasskeyOptionsView, PasskeyView } from "#shared/schemas/passkeys";

export const passkeysQuery = () =>
  queryOptions({
    queryKey: ["/api/me/passkeys"] as const,
    queryFn: () => api.get<PasskeyView[]>("/api/me/passkeys"),
  });

/**
 * Options from the server, the browser's own passkey prompt (fingerprint, face, PIN), then the answer
 * back. @simplewebauthn/browser loads only when a passkey is added, so no page's first load carries it.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await api.post<PasskeyOptionsView>("/api/me/passkeys/options");
      const { startRegistration } = await import("@simplewebauthn/browser");
      const credential = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return api.post<PasskeyView>("/api/me/passkeys", { challengeId, credential });
    },
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
