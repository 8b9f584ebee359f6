import { changePasswordSchema } from "#shared/schemas/auth";
import { clientIp } from "../../http/client-ip.ts";
import { defineRoute } from "../../http/route.ts";
import { changePassword } from "../../usecases/accounts/account-security.ts";

export const route = defineRoute({ body: changePasswordSchema }, async ({ body, auth, now, event }) => {
  const { sessionsEnded } = await changePassword({
    userId: auth.userId,
    token: auth.token,
    currentPassword: body.currentPassword,
    newPassword: body.newPassword,
    ip: clientIp(event),
    now,
  });
  return { ok: true, otherSessionsEnded: sessionsEnded };
});
