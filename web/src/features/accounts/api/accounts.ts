import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "@web/lib/api-client.ts";
import { meQuery } from "@web/lib/current-user.ts";
import { pathQuery } from "@web/lib/path-query.ts";
import type { SessionView, TwoFactorSetupView, TwoFactorStatusView } from "#shared/schemas/accounts";

/** Every read of the accounts pages; each key is the path it reads. */
export const accountsQueries = {
  sessions: () => pathQuery<SessionView[]>("/api/me/sessions"),
  twoFactor: () => pathQuery<TwoFactorStatusView>("/api/me/two-factor"),
};

/**
 * POST /api/me/two-factor/setup with the current password: the secret and its otpauth URI, answered
 * this once. A 403 (wrong password, address not verified) is shown on the form's field.
 */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => api.post<TwoFactorSetupView>("/api/me/two-factor/setup", { password }),
    meta: { errorToast: { fallback: "Could not start the setup", except: [403] } },
  });
}

/** POST /api/me/two-factor/confirm: turns it on; the recovery codes come back this once. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ recoveryCodes: string[] }>("/api/me/two-factor/confirm", { code }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsQueries.twoFactor().queryKey }),
        queryClient.invalidateQueries({ queryKey: meQuery().queryKey }),
      ]),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      apiRequest("DELETE", "/api/me/two-factor", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueries.twoFactor().queryKey }),
  });
}

/** POST /api/auth/forgot-password: 202 with the same message whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<{ message: string }>("/api/auth/forgot-password", { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => api.post("/api/auth/reset-password", body),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ email: string }>("/api/auth/verify-email", { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery().queryKey }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<{ sentTo: string }>("/api/auth/resend-verification"),
    meta: { errorToast: { title: "Email not sent", fallback: "Could not send the verification email" } },
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/me/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueries.sessions().queryKey }),
    meta: { errorToast: { fallback: "Could not sign out that device" } },
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ ended: number }>("/api/me/sessions"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueries.sessions().queryKey }),
    meta: { errorToast: { fallback: "Could not sign out the other devices" } },
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api.put<{ pendingEmail: string }>("/api/me/email", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery().queryKey }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => apiRequest("DELETE", "/api/me", { password }),
  });
}

/** GET /api/me/export, saved as a file. */
export async function downloadExport(): Promise<void> {
  const data = await api.get<unknown>("/api/me/export");
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "my-account-data.json";
  link.click();
  URL.revokeObjectURL(url);
}
