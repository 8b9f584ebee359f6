import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client.ts";
import type { ChangePasswordForm, ChangePasswordRequest } from "#shared/schemas/auth";

/**
 * POST /api/auth/change-password: 200 with this session kept and every other one ended; 400 when the
 * current password is wrong, 429 after too many wrong ones. The confirmation is not sent.
 */
export function changePassword(form: ChangePasswordForm | ChangePasswordRequest): Promise<unknown> {
  const body: ChangePasswordRequest = {
    currentPassword: form.currentPassword,
    newPassword: form.newPassword,
  };
  return api.post("/api/auth/change-password", body);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    meta: {
      errorToast: {
        title: "Password not changed",
        fallback: "An error occurred while changing your password",
      },
    },
  });
}
