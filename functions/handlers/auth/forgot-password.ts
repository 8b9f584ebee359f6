import { forgotPasswordSchema } from "#shared/schemas/accounts";
import { ACCOUNT_MESSAGES } from "../../domain/accounts.ts";
import { clientIp } from "../../http/client-ip.ts";
import { definePublicRoute, reply } from "../../http/route.ts";
import { forgotPassword } from "../../usecases/accounts/password-reset.ts";

export const route = definePublicRoute({ body: forgotPasswordSchema }, async ({ body, now, event }) => {
  await forgotPassword({ email: body.email, ip: clientIp(event), now });
  return reply(202, { message: ACCOUNT_MESSAGES.forgotAccepted });
});
