import { api } from "@web/lib/api-client.ts";
import type { ResetPasswordRequest } from "#shared/schemas/admin";
import { useAdminMutation } from "./admin-mutation.ts";

/** POST /api/admin/users/{id}/reset-password: also signs the user out everywhere. */
export function resetUserPassword({ id, ...body }: ResetPasswordRequest & { id: string }): Promise<unknown> {
  return api.post(`/api/admin/users/${encodeURIComponent(id)}/reset-password`, body);
}

export function useResetUserPassword() {
  return useAdminMutation({
    mutationFn: resetUserPassword,
    affects: [],
    success: () => ({ title: "Password reset" }),
  });
}
