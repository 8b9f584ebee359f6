import { resetPasswordSchema } from "#shared/schemas/accounts";
import { definePublicRoute } from "../../http/route.ts";
import { resetPassword } from "../../usecases/accounts/password-reset.ts";

export const route = definePublicRoute({ body: resetPasswordSchema }, async ({ body, now }) => {
  await resetPassword({ token: body.token, newPassword: body.newPassword, now });
  return { ok: true };
});
