import { disableTwoFactorSchema } from "#shared/schemas/accounts";
import { clientIp } from "../../http/client-ip.ts";
import { defineRoute } from "../../http/route.ts";
import { disableTwoFactor } from "../../usecases/accounts/two-factor.ts";

export const route = defineRoute({ body: disableTwoFactorSchema }, async ({ body, auth, now, event }) => {
  await disableTwoFactor({
    userId: auth.userId,
    password: body.password,
    code: body.code,
    ip: clientIp(event),
    now,
  });
  return { enabled: false };
});
